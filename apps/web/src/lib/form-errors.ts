import * as z from 'zod/mini';

/** Field name → the first message zod gave for it: what a form shows under each input. */
export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export function fieldErrorsOf<T>(error: z.core.$ZodError<T>): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/**
 * Validates form values with a schema. On success the parsed data (trimmed by the schema), otherwise
 * the errors per field, so that the client shows the very messages the server would send.
 */
export function validateForm<S extends z.core.$ZodType>(
  schema: S,
  values: z.input<S>,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors<z.input<S>> } {
  const parsed = z.safeParse(schema, values);
  return parsed.success
    ? { data: parsed.data, errors: null }
    : { data: null, errors: fieldErrorsOf(parsed.error) as FieldErrors<z.input<S>> };
}
