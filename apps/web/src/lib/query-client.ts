import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx will answer the same way again; only transient failures are worth a retry.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
