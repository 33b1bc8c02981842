import { z } from 'zod';
import { NAME_BLOCKLIST, NAME_MIN_LENGTH } from '../constants';
import { hasControlCharacters } from './control-characters';

/** Common top-level domain extensions a name may not consist of (spec §5 rule 7). */
export const TOP_LEVEL_DOMAINS = [
  'com',
  'org',
  'net',
  'edu',
  'gov',
  'mil',
  'int',
  'info',
  'biz',
  'io',
  'co',
  'ai',
  'app',
  'dev',
  'xyz',
  'online',
  'site',
  'shop',
  'store',
  'tech',
  'us',
  'uk',
  'eu',
  'de',
  'fr',
  'nl',
  'cn',
  'jp',
  'in',
  'ru',
  'br',
] as const;

export interface NameRule {
  message: string;
  /** True when the name breaks this rule. */
  fails(name: string): boolean;
}

const hasLetterOrDigit = (s: string) => /[\p{L}\p{N}]/u.test(s);

/**
 * The organization and workspace name rules of spec §5, in order: the first that fails gives the
 * message; a ninth refuses control characters, tabs included. Letters and digits include non-Latin scripts ("alphanumeric" is not only ASCII).
 */
export const NAME_RULES: readonly NameRule[] = [
  { message: `Minimum length ${String(NAME_MIN_LENGTH)}.`, fails: (s) => [...s].length < NAME_MIN_LENGTH },
  {
    message: "String can't contain only special characters.",
    fails: (s) => /\S/.test(s) && !hasLetterOrDigit(s),
  },
  {
    message: 'String can only contain alphanumeric characters, spaces, dashes, commas, and periods.',
    fails: (s) => !/^[\p{L}\p{N} \t\-,.]*$/u.test(s),
  },
  { message: "String can't contain only spaces and/or tabs.", fails: (s) => /^[ \t]+$/.test(s) },
  {
    message: "String can't mix spaces or tabs with single characters.",
    fails: (s) => {
      const tokens = s.split(/[ \t]+/).filter(Boolean);
      return /[ \t]/.test(s.trim()) && tokens.length > 1 && tokens.every((t) => [...t].length === 1);
    },
  },
  {
    message: `String must not be a standalone abbreviation (${NAME_BLOCKLIST.join(', ')}).`,
    fails: (s) => (NAME_BLOCKLIST as readonly string[]).includes(s.replace(/[\s.,]/g, '').toUpperCase()),
  },
  {
    message: "String can't be a top-level domain extension.",
    fails: (s) =>
      (TOP_LEVEL_DOMAINS as readonly string[]).includes(s.trim().toLowerCase().replace(/^\./, '')),
  },
  {
    message: "String can't contain the same character repeated three or more times with no other characters.",
    fails: (s) => /^(.)\1{2,}$/su.test(s.trim()),
  },
  // Last, so that the spec's rules keep their messages (rules 4 and 5 speak of tabs): what reaches it
  // is a tab or another control character inside an otherwise valid name.
  {
    message: "String can't contain line breaks, tabs or other control characters.",
    fails: hasControlCharacters,
  },
];

/** The message of the first rule the name breaks, or null when it is a valid name. */
export function firstNameError(name: string): string | null {
  return NAME_RULES.find((rule) => rule.fails(name))?.message ?? null;
}

export const ENTITY_NAME_MAX_LENGTH = 60;

/** Organization and workspace names, for forms and for the API (the same rules on both sides). */
export const entityNameSchema = z
  .string()
  .max(ENTITY_NAME_MAX_LENGTH, { message: `Maximum length ${String(ENTITY_NAME_MAX_LENGTH)}.` })
  .superRefine((name, ctx) => {
    const message = firstNameError(name);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((name) => name.trim().replace(/[ \t]+/g, ' '));
