/*
 * Control characters: C0 (NUL, TAB, LF, CR, ESC, …), DEL and C1 (NEL, CSI, …), and the Unicode line
 * and paragraph separators. None belongs in a name or a label: each can end or forge a line where the
 * value is shown as text (an e-mail's plain-text body, a log line, a CSV cell) or move a terminal's
 * cursor.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex -- as above, every run of them
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Whether the text holds a control character (line breaks and tabs included). */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** The text on one line: each run of control characters becomes one space. */
export function toSingleLine(text: string): string {
  return text.replace(CONTROL_RUNS, ' ');
}

/** The message a name field gives when it holds one, e.g. "First name cannot contain …". */
export const controlCharactersMessage = (label: string) =>
  `${label} cannot contain line breaks, tabs or other control characters`;
