import { describe, expect, it } from 'vitest';
import { WORKSPACE_MESSAGES } from './organizations/organizations.schema';
import { endSentence } from './sentence';

describe('endSentence', () => {
  it('adds one full stop, never a second', () => {
    expect(endSentence('Walker Freight')).toBe('Walker Freight.');
    expect(endSentence('Walker Freight Ltd.')).toBe('Walker Freight Ltd.');
    expect(endSentence('Yes!')).toBe('Yes!');
    expect(endSentence('Co?')).toBe('Co?');
  });

  it('serves the messages that name an entity at a sentence’s end', () => {
    expect(WORKSPACE_MESSAGES.duplicateName('Imports Inc.')).toBe(
      'This organization already has a workspace named Imports Inc. Choose another name.',
    );
  });
});
