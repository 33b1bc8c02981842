import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same way again; only transient failures are worth a retry.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The app's query cache with its defaults, one per app instance (the browser's page, a render on the
 * server, a test): components reach it with `useQueryClient()`, route loaders through the routes made
 * for the instance (app/app-instance.ts).
 */
export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
