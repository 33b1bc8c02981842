/**
 * Ends a sentence with `text`: a full stop is added unless the text already ends with one (or with
 * `!`, `?` or `…`), so "Walker Freight Ltd." closes a sentence once, not as "Ltd..".
 */
export function endSentence(text: string): string {
  return /[.!?…]$/.test(text.trimEnd()) ? text : `${text}.`;
}
