import { describe, expect, it } from 'vitest';
import { mentionQueryAt, toEditorText, toStoredContent } from './editor-mentions';

const ANN = { userId: '11111111-1111-4111-8111-111111111111', name: 'Ann' };
const ANN_LEE = { userId: '22222222-2222-4222-8222-222222222222', name: 'Ann Lee' };

describe('editor mentions', () => {
  it('turns picked @Names into tokens, longest first, and leaves unpicked ones as text', () => {
    expect(toStoredContent('Hi @Ann Lee and @Ann, cc @Bob', [ANN, ANN_LEE])).toBe(
      `Hi @[Ann Lee](${ANN_LEE.userId}) and @[Ann](${ANN.userId}), cc @Bob`,
    );
    // Deleted from the text: nobody is mentioned.
    expect(toStoredContent('Hi all', [ANN])).toBe('Hi all');
    // Part of a word is not a mention.
    expect(toStoredContent('mail@Annex', [ANN])).toBe('mail@Annex');
  });

  it('round-trips stored content through the editor', () => {
    const stored = `a &lt; b &amp; @[Ann Lee](${ANN_LEE.userId})`;
    const editor = toEditorText(stored);
    expect(editor).toEqual({ text: 'a < b & @Ann Lee', mentions: [ANN_LEE] });
    expect(toStoredContent(editor.text, editor.mentions)).toBe(`a < b & @[Ann Lee](${ANN_LEE.userId})`);
  });

  it('finds the @query before the caret', () => {
    expect(mentionQueryAt('Hello @an', 9)).toEqual({ start: 6, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('mail@an', 7)).toBeNull();
    expect(mentionQueryAt('Hello @an there', 15)).toBeNull();
  });
});
