import type { ApiEnvelope } from '@tracklane/shared/api/envelope';

/** A successful answer in the spec's envelope. */
export function ok<T>(result: T, message = 'OK'): ApiEnvelope<T> {
  return { success: true, result, message, code: 'OK' };
}
