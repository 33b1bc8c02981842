import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { UsageAction } from '@tracklane/shared/user-journey/user-journey.schema';
import { api } from './api-client';

export const USAGE_PATH = '/api/_api/user-journey/post';

type Details = Record<string, string | number | boolean | null>;

/**
 * Records a page view or key action (spec §7 user-journey/post). Never in the user's way: a failure is
 * only logged (spec §8), and nothing waits for it.
 */
export function trackUsage(action: UsageAction, details: Details = {}, pageUrl = window.location.pathname) {
  api.post(USAGE_PATH, { action, details, pageUrl }).catch((error: unknown) => {
    console.warn('Usage tracking failed', error);
  });
}

/** One page_view per path the user opens (the query string stays out: it may hold search terms). */
export function usePageViewTracking(enabled: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (enabled) trackUsage('page_view', {}, pathname);
  }, [enabled, pathname]);
}
