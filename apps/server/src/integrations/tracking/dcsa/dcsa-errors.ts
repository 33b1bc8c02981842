import type { ErrorClass } from '@tracklane/shared/carrier-connections/carrier-connections.schema';
import { ProviderDeferredError } from '../provider';

/**
 * A DCSA call that failed, with the class the health view and "Test connection" show. The message
 * never contains a credential.
 */
export class DcsaError extends Error {
  override name = 'DcsaError';
  constructor(
    message: string,
    readonly errorClass: ErrorClass,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The carrier answered 429: asked again once its Retry-After (or our backoff) has passed. */
export class CarrierRateLimitedError extends ProviderDeferredError {
  readonly errorClass = 'rate_limited' as const;
  constructor(message: string, retryAt: Date) {
    super(message, retryAt);
    this.name = 'CarrierRateLimitedError';
  }
}
