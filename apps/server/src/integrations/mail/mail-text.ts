import { toSingleLine } from '@tracklane/shared/validation/control-characters';

/** Text for an HTML body or attribute. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * A value from a user (a name, a workspace or rule name, a file name) as a mail shows it: on one
 * line. Names refuse line breaks, but a value stored before they did, or one that reaches a mail by
 * another path, must still not start a line of its own in the plain-text body or the subject.
 */
export const oneLine = (value: string) => toSingleLine(value).trim();
