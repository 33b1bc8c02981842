import { useEffect, useSyncExternalStore } from 'react';

/*
 * What the tab's socket follows beside its workspace (ADR 0041), and whether it is up. A page that
 * shows one shipment names it here; lists poll for pending items only while the socket is down.
 */

interface LiveState {
  /** The shipment (subscription id) an open page shows: its pages' topic is followed. */
  shipmentId: string | null;
  /** The socket is open: every change reaches the page, so nothing needs to poll. */
  socketUp: boolean;
}

let state: LiveState = { shipmentId: null, socketUp: false };
const listeners = new Set<() => void>();

function update(next: Partial<LiveState>): void {
  const merged = { ...state, ...next };
  if (merged.shipmentId === state.shipmentId && merged.socketUp === state.socketUp) return;
  state = merged;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getLiveState = (): LiveState => state;

export const subscribeLiveState = subscribe;

/** The socket opened (true) or closed (false). */
export function setLiveSocketUp(up: boolean): void {
  update({ socketUp: up });
}

/** Whether the tab's socket is up now: while it is, a list has no reason to poll. */
export function useLiveSocketUp(): boolean {
  // A render on the server has no socket.
  return useSyncExternalStore(
    subscribe,
    () => state.socketUp,
    () => false,
  );
}

// Pages (and parts of one page) showing a shipment, oldest first: the newest is followed, and when it
// closes the one before it again.
const shown: string[] = [];

/**
 * Follows the shipment a page shows while it is mounted (null or undefined: none yet, e.g. while it
 * loads). Its detail, comments and shares refetch when it changes.
 */
export function useFollowShipment(shipmentId: string | null | undefined): void {
  const id = shipmentId ?? null;
  useEffect(() => {
    if (id === null) return;
    shown.push(id);
    update({ shipmentId: id });
    return () => {
      shown.splice(shown.lastIndexOf(id), 1);
      update({ shipmentId: shown.at(-1) ?? null });
    };
  }, [id]);
}
