import { z } from 'zod';
import { modesInWords, TRACKING_MODES, trackingModeSchema, type ModeNames } from '../tracking/tracking-modes';
import { tagFilterSchema } from '../tags/tags.schema';
import { MAX_CUSTOM_FIELD_FILTERS } from '../custom-fields/custom-field-filters';
import { controlCharactersMessage, hasControlCharacters } from '../validation/control-characters';

export const MAX_ALERT_RULES = 50;
export const MAX_RULE_RECIPIENTS = 20;
export const MAX_RULE_FILTER_VALUES = 20;

const whole = (what: string, min: number, max: number) =>
  z
    .number({ message: `${what} must be a number.` })
    .int({ message: `${what} must be a whole number.` })
    .min(min, { message: `${what} must be at least ${String(min)}.` })
    .max(max, { message: `${what} must be at most ${String(max)}.` });

/**
 * What a rule watches for. Ocean: last free day within N days or passed (of the clock that runs:
 * demurrage at the terminal, detention once the box is out, or merged free time); ETA slipped by
 * more than N hours against the first or the last announced ETA; rolled; a transshipment delayed or
 * its connection at risk; a port omitted or added or the calls' order changed (those two as their
 * exceptions tell them); discharged but not picked up after N days; no update for N days. Express: exception; failed attempt; late against the estimate by N
 * hours; available but not picked up after N days; no update for N days.
 */
export const alertConditionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('lfd'), days: whole('Days', 0, 30) }),
    z.strictObject({
      kind: z.literal('eta_slip'),
      hours: whole('Hours', 1, 720),
      against: z.enum(['first', 'last'], { message: 'Compare with the first or the last ETA.' }),
    }),
    z.strictObject({ kind: z.literal('rolled') }),
    z.strictObject({ kind: z.literal('transshipment') }),
    z.strictObject({ kind: z.literal('route_changed') }),
    z.strictObject({ kind: z.literal('not_picked_up'), days: whole('Days', 0, 60) }),
    z.strictObject({ kind: z.literal('stale'), days: whole('Days', 1, 60) }),
    z.strictObject({ kind: z.literal('exception') }),
    z.strictObject({ kind: z.literal('failed_attempt') }),
    z.strictObject({ kind: z.literal('late'), hours: whole('Hours', 0, 720) }),
  ],
  { message: 'Choose what the rule watches for.' },
);
export type AlertCondition = z.infer<typeof alertConditionSchema>;
export type AlertConditionKind = AlertCondition['kind'];

/** Which conditions each mode offers. */
export const CONDITIONS_BY_MODE = {
  ocean: ['lfd', 'eta_slip', 'rolled', 'transshipment', 'route_changed', 'not_picked_up', 'stale'],
  express: ['exception', 'failed_attempt', 'late', 'not_picked_up', 'stale'],
} as const satisfies Record<(typeof TRACKING_MODES)[number], readonly AlertConditionKind[]>;

export const CONDITION_LABELS: Record<AlertConditionKind, string> = {
  lfd: 'Last free day (demurrage or detention) within N days or passed',
  eta_slip: 'ETA slipped by N hours or more',
  rolled: 'Rolled to another vessel or voyage',
  transshipment: 'Transshipment delayed or connection at risk',
  route_changed: 'Port omitted or added, or port call sequence changed',
  not_picked_up: 'Not picked up N days after discharge or arrival',
  stale: 'No update for N days',
  exception: 'Exception',
  failed_attempt: 'Failed delivery attempt',
  late: 'Late against the estimate by N hours',
};

const plural = (n: number, unit: string) => `${String(n)} ${unit}${n === 1 ? '' : 's'}`;

/** The condition in words, as alerts and the rules list say it. */
export function describeCondition(condition: AlertCondition): string {
  switch (condition.kind) {
    case 'lfd':
      return condition.days === 0
        ? 'Last free day today or passed'
        : `Last free day within ${plural(condition.days, 'day')} or passed`;
    case 'eta_slip':
      return `ETA slipped by ${plural(condition.hours, 'hour')} or more against the ${condition.against} ETA`;
    case 'rolled':
      return 'Rolled to another vessel or voyage';
    case 'transshipment':
      return 'Transshipment delayed or connection at risk';
    case 'route_changed':
      return 'Port omitted or added, or port call sequence changed';
    case 'not_picked_up':
      return `Not picked up ${plural(condition.days, 'day')} after discharge or arrival`;
    case 'stale':
      return `No update for ${plural(condition.days, 'day')}`;
    case 'exception':
      return 'Exception reported';
    case 'failed_attempt':
      return 'Failed delivery attempt';
    case 'late':
      return condition.hours === 0
        ? 'Late against the estimated delivery'
        : `Late by more than ${plural(condition.hours, 'hour')} against the estimated delivery`;
  }
}

const filterList = (what: string, pattern: RegExp, message: string) =>
  z
    .array(z.string().trim().regex(pattern, { message }))
    .max(MAX_RULE_FILTER_VALUES, { message: `At most ${String(MAX_RULE_FILTER_VALUES)} ${what}.` })
    .default([]);

/** Which shipments a rule looks at: all, or only those of these carriers, ports, tags, companies, or favourites. */
export const alertFiltersSchema = z.strictObject({
  /** SCACs (ocean) or carrier codes (express). */
  carriers: filterList('carriers', /^[A-Za-z0-9_-]{2,40}$/, 'A carrier is named by its code, such as MAEU.'),
  pol: filterList('ports of loading', /^[A-Za-z]{2}[A-Za-z0-9]{3}$/, 'A port is a UN/LOCODE such as CNSHA.'),
  pod: filterList(
    'ports of discharge',
    /^[A-Za-z]{2}[A-Za-z0-9]{3}$/,
    'A port is a UN/LOCODE such as NLRTM.',
  ),
  /** Shipments carrying any of these tags (compared regardless of case). */
  tags: z
    .array(tagFilterSchema)
    .max(MAX_RULE_FILTER_VALUES, { message: `At most ${String(MAX_RULE_FILTER_VALUES)} tags.` })
    .default([]),
  /** Shipments naming any of these companies (the workspace's, by id) as shipper, consignee, customer or forwarder. */
  companies: z
    .array(z.uuid({ message: 'Choose companies from the workspace’s list.' }))
    .max(MAX_RULE_FILTER_VALUES, { message: `At most ${String(MAX_RULE_FILTER_VALUES)} companies.` })
    .default([]),
  favoritesOnly: z.boolean().default(false),
  /**
   * Shipments whose custom fields match, each as a list's `cf` filter (custom-field-filters.ts): text
   * and link equal, choices any of (comma-separated), numbers and dates a range `<min>..<max>`. Checked
   * against the workspace's fields when saved; a filter on a field deleted since matches nothing.
   */
  customFields: z
    .array(
      z.strictObject({
        fieldId: z.uuid({ message: 'Choose custom fields from the workspace’s list.' }),
        value: z
          .string({ message: 'Give each custom field filter a value.' })
          .trim()
          .min(1, { message: 'Give each custom field filter a value.' })
          .max(700, { message: 'A custom field filter value is at most 700 characters.' }),
      }),
    )
    .max(MAX_CUSTOM_FIELD_FILTERS, {
      message: `At most ${String(MAX_CUSTOM_FIELD_FILTERS)} custom field filters.`,
    })
    .default([]),
});
export type AlertFilters = z.infer<typeof alertFiltersSchema>;
export type AlertCustomFieldFilter = AlertFilters['customFields'][number];
/**
 * A rule's filters as stored: rules saved before the company filter have none, before custom field
 * filters none of those.
 */
export type StoredAlertFilters = Omit<AlertFilters, 'companies' | 'customFields'> & {
  companies?: string[];
  customFields?: AlertCustomFieldFilter[];
};

/** Who hears of an alert: every member who may see shipments, chosen members, outside addresses. */
export const alertRecipientsSchema = z.strictObject({
  allMembers: z.boolean().default(false),
  userIds: z
    .array(z.uuid({ message: 'Choose recipients among the members of this workspace.' }))
    .max(MAX_RULE_RECIPIENTS, { message: `At most ${String(MAX_RULE_RECIPIENTS)} members.` })
    .default([]),
  emails: z
    .array(z.email({ message: 'Enter a valid e-mail address.' }).trim().toLowerCase())
    .max(MAX_RULE_RECIPIENTS, { message: `At most ${String(MAX_RULE_RECIPIENTS)} e-mail addresses.` })
    .default([]),
});
export type AlertRecipients = z.infer<typeof alertRecipientsSchema>;

export const ALERT_RULE_SCOPES = ['workspace', 'personal'] as const;
export type AlertRuleScope = (typeof ALERT_RULE_SCOPES)[number];

/**
 * A rule as saved, over the modes given with the conditions each offers (the routes pass every
 * registered mode's; the export below is the built-in modes', whose shape the web reads).
 */
export const saveAlertRuleSchemaOf = (
  conditionsByMode: Readonly<Record<string, readonly AlertConditionKind[]>>,
) =>
  z
    .strictObject({
      name: z
        .string({ message: 'Give the rule a name.' })
        .trim()
        .min(1, { message: 'Give the rule a name.' })
        .max(80, { message: 'A rule name is at most 80 characters.' })
        .refine((name) => !hasControlCharacters(name), {
          message: `${controlCharactersMessage('A rule name')}.`,
        }),
      mode: trackingModeSchema(
        Object.keys(conditionsByMode),
        `Choose ${modesInWords(Object.keys(conditionsByMode))}.`,
      ),
      condition: alertConditionSchema,
      filters: alertFiltersSchema.default({
        carriers: [],
        pol: [],
        pod: [],
        tags: [],
        companies: [],
        favoritesOnly: false,
        customFields: [],
      }),
      recipients: alertRecipientsSchema.default({ allMembers: false, userIds: [], emails: [] }),
      enabled: z.boolean().default(true),
      /**
       * A member to whom the exceptions this rule's condition raises (on the shipments its filters
       * match) are assigned as they open; none: they stay unassigned.
       */
      exceptionOwnerId: z
        .uuid({ message: 'Exceptions can be routed only to a member of this workspace.' })
        .nullable()
        .optional(),
    })
    .refine(
      (rule) =>
        (conditionsByMode[rule.mode] as readonly string[] | undefined)?.includes(rule.condition.kind) ===
        true,
      {
        message: 'This condition does not apply to this mode.',
        path: ['condition'],
      },
    );
export const saveAlertRuleSchema = saveAlertRuleSchemaOf(CONDITIONS_BY_MODE);
export type SaveAlertRule = z.infer<typeof saveAlertRuleSchema>;

/** A rule as answered, its mode one of `modes`. */
export const alertRuleSchemaOf = (modes: ModeNames) =>
  z.object({
    id: z.string(),
    name: z.string(),
    mode: trackingModeSchema(modes),
    condition: alertConditionSchema,
    filters: alertFiltersSchema,
    recipients: alertRecipientsSchema,
    enabled: z.boolean(),
    /** workspace: an admin's rule for the team; personal: a member's rule for themselves. */
    scope: z.enum(ALERT_RULE_SCOPES),
    ownerId: z.string().nullable(),
    ownerName: z.string().nullable(),
    /** Who the exceptions of this rule's condition are assigned to as they open (null: nobody). */
    exceptionOwnerId: z.string().nullable().optional(),
    /** Whether the caller may change or delete it. */
    canEdit: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  });
export const alertRuleSchema = alertRuleSchemaOf(TRACKING_MODES);
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** A workspace's rules as answered, over `modes`. */
export const alertRulesResultSchemaOf = (modes: ModeNames) =>
  z.object({
    rules: z.array(alertRuleSchemaOf(modes)),
    /** Whether the caller manages the workspace's rules (an admin) or only their own. */
    managesWorkspaceRules: z.boolean(),
    /** Members who may be named as recipients (an admin's choice; a member sees only themselves). */
    members: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
  });
export const alertRulesResultSchema = alertRulesResultSchemaOf(TRACKING_MODES);
export type AlertRulesResult = z.infer<typeof alertRulesResultSchema>;

export const enableAlertRuleSchema = z.strictObject({ enabled: z.boolean() });

/** The rules every new workspace starts with (editable). */
export const DEFAULT_ALERT_RULES: readonly Pick<SaveAlertRule, 'name' | 'mode' | 'condition'>[] = [
  { name: 'Last free day in 2 days', mode: 'ocean', condition: { kind: 'lfd', days: 2 } },
  {
    name: 'ETA slipped over 24 h',
    mode: 'ocean',
    condition: { kind: 'eta_slip', hours: 24, against: 'first' },
  },
  { name: 'Rolled', mode: 'ocean', condition: { kind: 'rolled' } },
];
