import { ERROR_MESSAGE, ERROR_STATUS, type ErrorCode } from '@tracklane/shared/api/error-codes';

/**
 * The one error type services throw. The error handler turns it into the envelope
 * `{ success: false, result: null, message, code }` with the code's HTTP status.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGE[code],
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.statusCode = ERROR_STATUS[code];
  }
}
