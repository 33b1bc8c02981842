// One chunk for what every signed-in page stands in: the user-agreement gate and the main shell.
export { RequireAgreement } from './agreement-guard';
export { MainShell } from './layouts/main-shell';
