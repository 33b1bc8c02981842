import { useEffect, useState } from 'react';
import { addressKey, useCodeResendStore } from '../stores/code-resend-store';

/** Whole seconds until another code may be requested for `email`; 0 when it may be now. Ticks each second. */
export function useResendCountdown(email: string): number {
  const wait = useCodeResendStore((state) => state.waits[addressKey(email)]);
  const [now, setNow] = useState(() => Date.now());
  const until = wait?.until ?? 0;

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  if (!wait) return 0;
  // Until the first tick after a new wait, `now` is older than the wait itself: count from its start.
  return Math.max(0, Math.ceil((wait.until - Math.max(now, wait.from)) / 1000));
}

/** 75 → "1:15", 9 → "0:09". */
export function formatCountdown(seconds: number): string {
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
}
