import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { validateForm } from './form-errors';

const schema = z.object({
  name: z
    .string()
    .trim()
    .min(2, { message: 'Too short' })
    .regex(/^[a-z]+$/, { message: 'Letters only' }),
  email: z.email({ message: 'Not an e-mail' }),
});

describe('validateForm', () => {
  it('keeps only the first message per field', () => {
    expect(validateForm(schema, { name: '1', email: 'x' })).toEqual({
      data: null,
      errors: { name: 'Too short', email: 'Not an e-mail' },
    });
  });

  it('returns the parsed data when every rule passes', () => {
    expect(validateForm(schema, { name: ' ada ', email: 'ada@example.com' })).toEqual({
      data: { name: 'ada', email: 'ada@example.com' },
      errors: null,
    });
  });
});
