import * as z from 'zod/mini';

function fieldName(path: readonly PropertyKey[] | undefined): string {
  const last = path?.filter((p) => typeof p === 'string').at(-1);
  if (!last) return 'Value';
  // camelCase → "Camel case" so that messages read as sentences.
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Readable default messages for zod's generic issues. A rule that carries its own message
 * (spec §5's name rules, for instance) keeps it: zod only falls back to this map.
 * Installed once by the server and by the web app so both say the same thing.
 */
export function installZodMessages(): void {
  z.config({
    customError: (issue) => {
      const field = fieldName(issue.path);
      switch (issue.code) {
        case 'invalid_type':
          return issue.input === undefined || issue.input === null
            ? issue.path?.length
              ? `${field} is required`
              : 'Required'
            : `${field} must be ${article(issue.expected)}`;
        case 'unrecognized_keys':
          return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
        case 'too_small':
          if (issue.origin === 'string')
            return `${field} must be at least ${String(issue.minimum)} characters`;
          if (issue.origin === 'array') return `${field} must have at least ${String(issue.minimum)} items`;
          return `${field} must be at least ${String(issue.minimum)}`;
        case 'too_big':
          if (issue.origin === 'string')
            return `${field} must be at most ${String(issue.maximum)} characters`;
          if (issue.origin === 'array') return `${field} must have at most ${String(issue.maximum)} items`;
          return `${field} must be at most ${String(issue.maximum)}`;
        case 'invalid_value':
          return `${field} must be one of: ${issue.values.map(String).join(', ')}`;
        case 'invalid_format':
          return `${field} is not valid`;
        default:
          return undefined;
      }
    },
  });
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
