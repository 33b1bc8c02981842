import { createAppInstance, type AppInstance } from '../app/app-instance';
import { setWorkspaceShown } from '../lib/api-client';

let current: AppInstance | null = null;
let stopNaming: (() => void) | null = null;

/**
 * The running test's app instance (app/app-instance.ts): its query cache and stores, which the render
 * helpers provide (render.tsx) and a test reads or sets, as `testApp().authStore.setState(…)`.
 */
export function testApp(): AppInstance {
  if (!current) throw new Error('testApp() outside a test: test/setup.ts creates one before each test');
  return current;
}

/**
 * A fresh instance for the next test (test/setup.ts): no test sees another's answers or stores. Its
 * calls name the workspace its store shows, as the browser's do (app-instance.ts `connectApiClient`);
 * a 401 is left alone unless a test listens for it.
 */
export function startTestApp(): AppInstance {
  endTestApp();
  const app = createAppInstance();
  current = app;
  stopNaming = setWorkspaceShown(() => app.workspaceStore.getState().currentWorkspace?.workspaceId ?? null);
  return app;
}

export function endTestApp(): void {
  stopNaming?.();
  stopNaming = null;
  current?.queryClient.clear();
  current = null;
}
