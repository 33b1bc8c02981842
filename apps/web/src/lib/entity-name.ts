import { entityNameSchema } from '@tracklane/shared/validation/entity-name';

/**
 * The message to show under an organization or workspace name field: the first rule the name breaks
 * (spec §5), exactly as the server would answer it, or null when the name may be saved.
 */
export function entityNameError(name: string): string | null {
  const parsed = entityNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
