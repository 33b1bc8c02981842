import { useEffect, useRef } from 'react';
import { detectSwipe, type TouchPoint } from '../utils/edge-swipe';

interface EdgeSwipeOptions {
  enabled: boolean;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
}

function pointOf(touch: Touch | undefined): TouchPoint | null {
  return touch ? { x: touch.clientX, y: touch.clientY } : null;
}

/** Opens and closes the mobile drawer with edge swipes; listens on window so the drawer portal counts. */
export function useEdgeSwipe({ enabled, opened, onOpen, onClose }: EdgeSwipeOptions): void {
  const start = useRef<TouchPoint | null>(null);
  const latest = useRef({ opened, onOpen, onClose });

  useEffect(() => {
    latest.current = { opened, onOpen, onClose };
  });

  useEffect(() => {
    if (!enabled) return undefined;

    const handleStart = (event: TouchEvent) => {
      start.current = event.touches.length === 1 ? pointOf(event.touches[0]) : null;
    };
    const handleEnd = (event: TouchEvent) => {
      const from = start.current;
      const to = pointOf(event.changedTouches[0]);
      start.current = null;
      if (!from || !to) return;
      const action = detectSwipe(from, to, latest.current.opened);
      if (action === 'open') latest.current.onOpen();
      if (action === 'close') latest.current.onClose();
    };
    const handleCancel = () => {
      start.current = null;
    };

    window.addEventListener('touchstart', handleStart, { passive: true });
    window.addEventListener('touchend', handleEnd, { passive: true });
    window.addEventListener('touchcancel', handleCancel, { passive: true });
    return () => {
      window.removeEventListener('touchstart', handleStart);
      window.removeEventListener('touchend', handleEnd);
      window.removeEventListener('touchcancel', handleCancel);
    };
  }, [enabled]);
}
