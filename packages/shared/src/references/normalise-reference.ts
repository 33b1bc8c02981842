/**
 * A reference or company name as stored: trimmed, inner runs of spaces as one. A module of its own:
 * the search box uses it without building the reference schemas.
 */
export const normaliseReference = (text: string) => text.trim().replace(/ {2,}/g, ' ');
