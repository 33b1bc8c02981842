/**
 * Stable error codes the server answers with, each with its HTTP status.
 * The web app reads `code`, never parses `message`.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_CODE: 400,
  LINK_EXPIRED: 410,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  SELECTION_CHANGED: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UPGRADE_REQUIRED: 426,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Default user-facing message per code, used when the thrower gives none. */
export const ERROR_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION: 'The request is not valid.',
  BAD_REQUEST: 'The request could not be understood.',
  INVALID_CREDENTIALS: 'Incorrect e-mail or password.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  EMAIL_NOT_VERIFIED: 'Please verify your e-mail address first. We have sent you a new code.',
  INVALID_CODE: 'That code is not valid. Check the e-mail or request a new code.',
  LINK_EXPIRED: 'This link has expired or has already been used.',
  FORBIDDEN: 'You do not have permission to do this.',
  NOT_FOUND: 'Not found.',
  REQUEST_TIMEOUT: 'The request took too long to arrive. Please try again.',
  CONFLICT: 'This conflicts with the current state. Refresh and try again.',
  SELECTION_CHANGED: 'Your access to this workspace has changed. Reload the page and try again.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  URI_TOO_LONG: 'The address is too long.',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported.',
  UPGRADE_REQUIRED: 'This address is a WebSocket: connect with Upgrade: websocket.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  HEADERS_TOO_LARGE: 'The request headers or address are too large.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
};
