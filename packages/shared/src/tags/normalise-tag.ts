/**
 * A tag as stored: trimmed, inner spaces collapsed to one. A module of its own: the search box uses it
 * without building the tag schemas.
 */
export const normaliseTag = (tag: string) => tag.trim().replace(/ {2,}/g, ' ');
