type Reset = () => void;

const resets = new Set<Reset>();

/**
 * Each store registers how to return to its defaults, so that logout can reset every store
 * (spec §4) without the auth feature knowing the others.
 */
export function registerStoreReset(reset: Reset): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

export function resetAllStores(): void {
  for (const reset of resets) reset();
}
