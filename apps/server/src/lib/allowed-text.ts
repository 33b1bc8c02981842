import { AppError } from './app-error';

export const DISALLOWED_TEXT_MESSAGE = 'Text contains characters that are not allowed.';

/**
 * NUL (PostgreSQL refuses it in text and jsonb) and UTF-16 surrogates without their partner (they have
 * no UTF-8 form, so they would be stored as U+FFFD or fail to encode). Matched per code unit, hence no
 * `u` flag.
 */
const DISALLOWED = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether any string in a parsed request part (a JSON body, params, a query, form fields), keys
 * included, holds a character no text column can store. Walks with its own stack: JSON.parse accepts
 * nesting far deeper than the call stack, and a stack overflow here would be a 500.
 */
export function hasDisallowedText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (DISALLOWED.test(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (DISALLOWED.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Refuses a request part holding such characters with a 400 in the envelope. */
export function assertAllowedText(value: unknown): void {
  if (hasDisallowedText(value)) throw new AppError('VALIDATION', DISALLOWED_TEXT_MESSAGE);
}
