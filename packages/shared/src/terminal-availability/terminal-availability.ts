import { z } from 'zod';

/**
 * A container at its terminal of discharge, as a terminal's import availability API tells it (ADR
 * 0039): whether it may be picked up, what holds it, until when storage is paid (the terminal's last
 * free day), what is owed, where it stands in the yard. Obtained with one organization's own
 * connection, so it is that organization's alone.
 */

/**
 * The facilities APM Terminals' Import Availability API answers for, as its published OpenAPI lists
 * them (`facilityCode`: the terminal's UN/LOCODE). Others can be entered by their code.
 */
export const APMT_FACILITIES: readonly { code: string; name: string }[] = [
  { code: 'USLAX', name: 'Los Angeles (Pier 400)' },
  { code: 'USNWK', name: 'Port Elizabeth' },
  { code: 'USMOB', name: 'Mobile' },
  { code: 'USMIA', name: 'Miami (South Florida)' },
  { code: 'SEGOT', name: 'Gothenburg' },
  { code: 'ITVDL', name: 'Vado' },
  { code: 'NGAPP', name: 'Apapa' },
  { code: 'BHKBS', name: 'Bahrain' },
  { code: 'ARBUE', name: 'Buenos Aires' },
  { code: 'ESALG', name: 'Algeciras' },
  { code: 'NLRTM', name: 'Rotterdam Maasvlakte II' },
  { code: 'MAPTM', name: 'Tangier' },
  { code: 'INNSA', name: 'Mumbai' },
  { code: 'INPAV', name: 'Pipavav' },
  { code: 'JOAQB', name: 'Aqaba' },
  { code: 'DKAAR', name: 'Aarhus' },
  { code: 'GTPRQ', name: 'Puerto Quetzal' },
  { code: 'ESBCN', name: 'Barcelona' },
];

export const facilityName = (code: string): string | null =>
  APMT_FACILITIES.find((f) => f.code === code.toUpperCase())?.name ?? null;

/** Who may hold an import container: customs (and other agencies), the shipping line, the terminal. */
export const HOLD_KINDS = ['customs', 'line', 'terminal'] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];

export const HOLD_KIND_LABELS: Record<HoldKind, string> = {
  customs: 'Customs',
  line: 'Line',
  terminal: 'Terminal',
};

/** A hold of one kind: on, with the terminal's names for it, or none reported. */
export const HOLD_STATES = ['held', 'none'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

export const HOLD_STATE_LABELS: Record<HoldState, string> = { held: 'On hold', none: 'No hold' };

/** APM Terminals' container states (Advised, Inbound, Yard, Loaded, Departed, Retired). */
export const CONTAINER_STAGES = ['advised', 'inbound', 'yard', 'loaded', 'departed', 'retired'] as const;
export type ContainerStage = (typeof CONTAINER_STAGES)[number];

export const CONTAINER_STAGE_LABELS: Record<ContainerStage, string> = {
  advised: 'Advised',
  inbound: 'Inbound',
  yard: 'In the yard',
  loaded: 'Loaded',
  departed: 'Departed',
  retired: 'Retired',
};

const holdSchema = z.object({ state: z.enum(HOLD_STATES), names: z.array(z.string()) });

export const terminalFactsSchema = z.object({
  /** The facility code the terminal was asked with (APM Terminals: the port's UN/LOCODE). */
  facility: z.string(),
  stage: z.enum(CONTAINER_STAGES).nullable(),
  /** The terminal's own "ready for delivery"; null when it did not say. */
  readyForDelivery: z.boolean().nullable(),
  holds: z.object({ customs: holdSchema, line: holdSchema, terminal: holdSchema }),
  /** Storage paid through: the terminal's last free day (YYYY-MM-DD, the terminal's calendar). */
  lastFreeDay: z.string().nullable(),
  /** Demurrage owed to pick the container up, as the terminal writes it and as an amount when it reads as one. */
  demurrageOwed: z
    .object({ amount: z.number().nullable(), currency: z.string().nullable(), text: z.string() })
    .nullable(),
  yardLocation: z.string().nullable(),
  /** ISO 8601 with the terminal's UTC offset, as it gives them. */
  dischargedAt: z.string().nullable(),
  /** When the container left the facility (facility out). */
  leftAt: z.string().nullable(),
  appointmentAt: z.string().nullable(),
  shippingLine: z.string().nullable(),
  vesselName: z.string().nullable(),
  /**
   * The terminal's ETA of the container's vessel to its berth (ISO 8601 with the terminal's UTC
   * offset). Facts stored before it was kept have none.
   */
  vesselEta: z.string().nullable().optional(),
});
export type TerminalFacts = z.infer<typeof terminalFactsSchema>;

/** Held by anyone the terminal names (customs, the line, the terminal itself). */
export function isOnHold(facts: TerminalFacts): boolean {
  return HOLD_KINDS.some((kind) => facts.holds[kind].state === 'held');
}

/** No longer at the terminal: it left the facility, or the terminal moved it on. */
export function hasLeftTerminal(facts: TerminalFacts): boolean {
  return (
    facts.leftAt !== null ||
    facts.stage === 'loaded' ||
    facts.stage === 'departed' ||
    facts.stage === 'retired'
  );
}

/** Ready for delivery by the terminal's word, held by nobody, still there. */
export function isAvailableForPickup(facts: TerminalFacts): boolean {
  return facts.readyForDelivery === true && !isOnHold(facts) && !hasLeftTerminal(facts);
}

/** The one-word answer the detail and the list show first. */
export const TERMINAL_STATUSES = ['available', 'on_hold', 'not_ready', 'left', 'unknown'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export const TERMINAL_STATUS_LABELS: Record<TerminalStatus, string> = {
  available: 'Available for pickup',
  on_hold: 'On hold',
  not_ready: 'Not available yet',
  left: 'Left the terminal',
  unknown: 'Availability unknown',
};

export function terminalStatus(facts: TerminalFacts | null): TerminalStatus {
  if (!facts) return 'unknown';
  if (hasLeftTerminal(facts)) return 'left';
  if (isOnHold(facts)) return 'on_hold';
  if (facts.readyForDelivery === true) return 'available';
  if (facts.readyForDelivery === false) return 'not_ready';
  return 'unknown';
}

/**
 * A shipment's terminal availability on its detail: which connection's terminal, when it was last
 * asked and last answered about the container, and what it said (null: it does not know the container
 * yet). Never part of a shipment shared outside the organization.
 */
export const terminalAvailabilitySchema = z.object({
  /** The terminal operator (APM Terminals). */
  operator: z.string(),
  facility: z.string(),
  facilityName: z.string().nullable(),
  status: z.enum(TERMINAL_STATUSES),
  /** When the terminal was last asked about the container. */
  checkedAt: z.string(),
  /** When it last answered with the container's facts; null while it does not know it. */
  answeredAt: z.string().nullable(),
  facts: terminalFactsSchema.nullable(),
});
export type TerminalAvailability = z.infer<typeof terminalAvailabilitySchema>;
