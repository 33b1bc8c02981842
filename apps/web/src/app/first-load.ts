import type { DataRouter } from 'react-router';

/** Resolves once the router has loaded its first location's routes (their code, and their loaders' data). */
export function firstLoad(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
