import { createHash } from 'node:crypto';

/**
 * A deterministic pseudo-random stream in [0, 1) from a string seed (SHA-256 blocks): the demo
 * carriers draw every voyage and journey from the tracking number, so the same number gives the same
 * demo data on every installation.
 */
export function randomStream(seed: string): () => number {
  let counter = 0;
  let buffer: Buffer = Buffer.alloc(0);
  return (): number => {
    if (buffer.length < 4) {
      buffer = createHash('sha256')
        .update(`${seed}:${String(counter++)}`)
        .digest();
    }
    const value = buffer.readUInt32BE(0);
    buffer = buffer.subarray(4);
    return value / 0x1_0000_0000;
  };
}
