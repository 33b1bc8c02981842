/**
 * The kinds of shipment change a user can be told about (spec §3 containerChangeStatus.type), in the
 * order the settings matrix shows them. Every mode's change detection produces these and only these.
 */
export const SHIPMENT_CHANGE_TYPES = [
  'milestone',
  'eta',
  'vessel',
  'last_free_day',
  'status',
  'delivered',
  'exception',
  'not_found',
  'alert',
] as const;
export type ShipmentChangeType = (typeof SHIPMENT_CHANGE_TYPES)[number];

/**
 * Everything a user can be notified of, each a row of the settings matrix: the shipment changes, then
 * a mention in a comment (spec §3 Comment mention notification) and an invite to a shipment someone
 * shared (spec §3 Invite notification), which change detection never produces. One mechanism carries
 * them all.
 */
export const NOTIFICATION_TYPES = [...SHIPMENT_CHANGE_TYPES, 'comment_mention', 'shared'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Types that the container notification flag (spec §3) governs: every shipment change, not mentions. */
export const isShipmentChangeType = (type: NotificationType): type is ShipmentChangeType =>
  (SHIPMENT_CHANGE_TYPES as readonly string[]).includes(type);

/** How each type is named on the settings page and in e-mails. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, { label: string; description: string }> = {
  milestone: {
    label: 'Milestone reached',
    description: 'Gate in and out, loaded, departed, arrived, discharged, picked up, out for delivery',
  },
  eta: { label: 'ETA, ETD or estimated delivery changed', description: 'With how much earlier or later' },
  vessel: { label: 'Vessel or voyage changed', description: 'The container was rolled to another sailing' },
  last_free_day: { label: 'Last free day set or changed', description: 'At the port of discharge' },
  status: { label: 'Status changed', description: 'Any other change of status' },
  delivered: { label: 'Delivered', description: 'The shipment reached its receiver' },
  exception: { label: 'Exception', description: 'Failed delivery attempts, customs holds, address problems' },
  not_found: { label: 'Not found', description: 'The carrier does not know the number' },
  alert: {
    label: 'Alert rules',
    description: 'A rule of your workspace matched a shipment (last free day, ETA slip, roll, …)',
  },
  comment_mention: {
    label: 'Mentioned in a comment',
    description: 'Someone wrote @you in a comment on a shipment',
  },
  shared: {
    label: 'Shipment shared with you',
    description: 'Someone shared an ocean or express shipment with you',
  },
};

/** How often e-mails about changes leave: each change on its own minute, or gathered per hour or day. */
export const DIGEST_FREQUENCIES = ['instant', 'hourly', 'daily'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/**
 * One real change of a tracked item, as a mode's pure `detectChanges` reports it. `key` identifies the
 * change within its item: the engine stores each key once, so the same change seen twice (a retried
 * job, an estimate that flips back and forth) never notifies twice.
 */
export interface ChangeRecord {
  type: ShipmentChangeType;
  key: string;
  /** Human-readable, without dates (they are shown in each reader's time zone from `data`). */
  text: string;
  data: ChangeData;
}

export interface ChangeData {
  /** The value before and after (ISO 8601 for times), when the change has one. */
  from?: string | null;
  to?: string | null;
  /** For a moved estimate: new minus old, in milliseconds (positive: later). */
  deltaMs?: number;
  /** What the change is about, e.g. the milestone (`loaded`) or status (`in_transit`). */
  subject?: string;
  /** An alert: the rule's id and name (the text names it too). */
  ruleId?: string;
  ruleName?: string;
  /** The exception a notification is about (an assignment, a mention in its notes). */
  exceptionId?: string;
}
