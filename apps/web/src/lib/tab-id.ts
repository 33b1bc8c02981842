/**
 * This tab's own random name, sent with the writes whose socket echo it should tell from another tab's
 * (TAB_HEADER). `getRandomValues`, unlike `randomUUID`, works on a plain-http self-hosted address too.
 */
export const TAB_ID = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) =>
  b.toString(16).padStart(2, '0'),
).join('');
