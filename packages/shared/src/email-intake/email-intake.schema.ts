import { z } from 'zod';

/*
 * E-mail intake (ADR 0052): a workspace's address `track+<token>@INBOUND_EMAIL_DOMAIN`, who may send to
 * it besides members, and what each received message added. GET /api/email-intake answers with the
 * settings; the rotate and senders routes answer with them too.
 */

/** How many of the latest messages the settings carry unless asked for more, and at most. */
export const INTAKE_LOG_PAGE = 20;
export const INTAKE_LOG_MAX = 100;
/** Addresses admins may allow besides members. */
export const INTAKE_SENDERS_MAX = 100;

export const INTAKE_OUTCOMES = ['created', 'already_tracked', 'refused'] as const;
export type IntakeOutcome = (typeof INTAKE_OUTCOMES)[number];

export const intakeLogRowSchema = z.object({
  /** The mode the number was added in; '' for a row about the message (a file not kept, a refusal). */
  mode: z.string(),
  number: z.string(),
  outcome: z.enum(INTAKE_OUTCOMES),
  message: z.string().nullable(),
  /** The shipment added or already tracked; null for a refusal (and rows logged before it was kept). */
  shipmentId: z.string().nullable(),
  /** Beside the number on the shipment's page: an ocean container's bill of lading. */
  reference: z.string().nullable(),
});
export type IntakeLogRow = z.infer<typeof intakeLogRowSchema>;

export const intakeLogEntrySchema = z.object({
  id: z.string(),
  sender: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  rows: z.array(intakeLogRowSchema),
});
export type IntakeLogEntry = z.infer<typeof intakeLogEntrySchema>;

export const intakeSettingsSchema = z.object({
  /** False when the server has no INBOUND_EMAIL_DOMAIN: no address, nothing to change. */
  enabled: z.boolean(),
  /** Whether this user may rotate the address and set the allowed senders (company admins). */
  canManage: z.boolean(),
  address: z.string().nullable(),
  /** Admins only (empty for members). */
  allowedSenders: z.array(z.string()),
  /** Messages from senders neither members nor allowed, dropped without a reply; admins only (0 for members). */
  droppedCount: z.number().int(),
  /** The latest messages received, newest first. */
  log: z.array(intakeLogEntrySchema),
  /** Messages received in all. */
  logTotal: z.number().int(),
});
export type IntakeSettings = z.infer<typeof intakeSettingsSchema>;

export const intakeSettingsQuerySchema = z.strictObject({
  log: z.coerce
    .number({ message: 'log must be a number' })
    .int({ message: 'log must be a whole number' })
    .min(1, { message: 'log must be at least 1' })
    .max(INTAKE_LOG_MAX, { message: `log may be at most ${String(INTAKE_LOG_MAX)}` })
    .optional(),
});

export const intakeSenderSchema = z.email({ message: 'Enter e-mail addresses' }).max(254);

export const intakeSendersRequestSchema = z.strictObject({
  emails: z
    .array(intakeSenderSchema)
    .max(INTAKE_SENDERS_MAX, { message: `At most ${String(INTAKE_SENDERS_MAX)} addresses` }),
});
