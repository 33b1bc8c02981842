import type { CustomField } from '@tracklane/shared/custom-fields/custom-fields.schema';

/** A workspace's custom field as the server answers it; `n` (one digit or more) makes its id and place. */
export const customField = (n: string, type: CustomField['type'], name: string): CustomField => ({
  id: `0c0f1e1d-0000-4000-8000-${n.padStart(12, '0')}`,
  name,
  type,
  choices: type === 'choice' || type === 'multi_choice' ? ['Low', 'High'] : [],
  required: false,
  position: Number(n),
});
