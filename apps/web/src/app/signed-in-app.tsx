// One chunk for what every signed-in page stands in: the user-agreement gate and the main shell.
import './mantine-app.css';

export { RequireAgreement } from './agreement-guard';
export { MainShell } from './layouts/main-shell';
