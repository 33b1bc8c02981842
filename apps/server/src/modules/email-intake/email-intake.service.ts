import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { canCreateShipments } from '@tracklane/shared/organizations/organizations.policy';
import { INTAKE_LOG_MAX, INTAKE_LOG_PAGE } from '@tracklane/shared/email-intake/email-intake.schema';
import type { AppContext } from '../../app-context';
import {
  emailIntakeAddresses,
  emailIntakeLog,
  emailIntakeSenders,
  type EmailIntakeLogRow,
} from '../../db/schema/email-intake';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { queueMail } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../lib/transaction';
import { loadTenant, type Tenant } from '../../tenancy/tenant';
import { createExpressShipments } from '../express-shipments/express-intake.service';
import { createOceanShipments } from '../ocean-shipments/ocean-intake.service';
import { addDocument } from '../documents/documents.service';
import { publishWorkspaceChanged } from '../live-pages/live-publish';
import { extractNumbers, htmlToText, type FoundNumbers } from './extract-numbers';
import { pdfText } from './pdf-text';
import type { OceanIntakeItem } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { DocumentType } from '@tracklane/shared/documents/documents.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';

/** The local part every intake address shares: `track+<token>@domain`. */
const LOCAL_PART = 'track';
/** Messages one sender may send to intake in a window, across workspaces. */
export const SENDER_RATE_LIMIT = { messages: 20, windowMs: 60 * 60 * 1000 };

export function intakeAddress(domain: string, token: string): string {
  return `${LOCAL_PART}+${token}@${domain}`;
}

/** The token of an intake address on our domain, or null. */
export function tokenOfAddress(address: string, domain: string): string | null {
  const m = /^track\+([a-z0-9]{16,64})@(.+)$/i.exec(address.trim());
  if (!m || m[2]!.toLowerCase() !== domain.toLowerCase()) return null;
  return m[1]!.toLowerCase();
}

const newToken = () => randomBytes(16).toString('hex');

/** The workspace's intake token, created on first use. */
export async function ensureIntakeToken(ctx: AppContext, workspaceId: string): Promise<string> {
  await ctx.db.insert(emailIntakeAddresses).values({ workspaceId, token: newToken() }).onConflictDoNothing();
  const [row] = await ctx.db
    .select({ token: emailIntakeAddresses.token })
    .from(emailIntakeAddresses)
    .where(eq(emailIntakeAddresses.workspaceId, workspaceId));
  return row!.token;
}

export async function rotateIntakeToken(ctx: AppContext, workspaceId: string): Promise<string> {
  await ensureIntakeToken(ctx, workspaceId);
  const token = newToken();
  await ctx.db
    .update(emailIntakeAddresses)
    .set({ token, rotatedAt: new Date() })
    .where(eq(emailIntakeAddresses.workspaceId, workspaceId));
  return token;
}

export async function intakeSettings(
  ctx: AppContext,
  tenant: Tenant,
  domain: string,
  logLimit = INTAKE_LOG_PAGE,
) {
  const token = await ensureIntakeToken(ctx, tenant.workspaceId);
  const [address] = await ctx.db
    .select({ droppedCount: emailIntakeAddresses.droppedCount })
    .from(emailIntakeAddresses)
    .where(eq(emailIntakeAddresses.workspaceId, tenant.workspaceId));
  const senders = await ctx.db
    .select({ email: emailIntakeSenders.email })
    .from(emailIntakeSenders)
    .where(eq(emailIntakeSenders.workspaceId, tenant.workspaceId))
    .orderBy(emailIntakeSenders.email);
  const log = await ctx.db
    .select()
    .from(emailIntakeLog)
    .where(eq(emailIntakeLog.workspaceId, tenant.workspaceId))
    .orderBy(desc(emailIntakeLog.createdAt), desc(emailIntakeLog.id))
    .limit(Math.min(Math.max(logLimit, 1), INTAKE_LOG_MAX));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(emailIntakeLog)
    .where(eq(emailIntakeLog.workspaceId, tenant.workspaceId));
  return {
    address: intakeAddress(domain, token),
    allowedSenders: senders.map((s) => s.email),
    droppedCount: address?.droppedCount ?? 0,
    log: log.map((l) => ({
      id: l.id,
      sender: l.sender,
      subject: l.subject,
      rows: l.rows.map((r) => ({ ...r, shipmentId: r.shipmentId ?? null, reference: r.reference ?? null })),
      createdAt: l.createdAt.toISOString(),
    })),
    logTotal: total?.n ?? 0,
  };
}

export async function setAllowedSenders(
  ctx: AppContext,
  workspaceId: string,
  emails: string[],
): Promise<void> {
  const unique = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
  await withTransaction(ctx.pool, async ({ tx }) => {
    await tx.delete(emailIntakeSenders).where(eq(emailIntakeSenders.workspaceId, workspaceId));
    if (unique.length)
      await tx.insert(emailIntakeSenders).values(unique.map((email) => ({ workspaceId, email })));
  });
}

/** Why a message must not be answered (a loop or an automatic message), or null. */
export function automaticReason(mail: ParsedMail, ownAddress: string): string | null {
  const header = (name: string) => {
    const value = mail.headers.get(name);
    return value === undefined ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
  };
  const autoSubmitted = header('auto-submitted');
  if (autoSubmitted && autoSubmitted.trim().toLowerCase() !== 'no') return 'Auto-Submitted';
  if (/^(bulk|junk|list)$/i.test(header('precedence')?.trim() ?? '')) return 'Precedence';
  // mailparser gathers List-* headers under `list` (`list.id` for List-Id).
  const list = mail.headers.get('list') as { id?: unknown } | undefined;
  if (mail.headers.has('list-id') || list?.id) return 'List-Id';
  if (mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond')) return 'X-Autoreply';
  const returnPath = header('return-path');
  if (returnPath !== undefined && /^\s*<?\s*>?\s*$/.test(returnPath.replace(/"/g, '')))
    return 'empty Return-Path';
  const from = fromAddress(mail);
  if (!from) return 'no sender';
  if (from === ownAddress.toLowerCase()) return 'our own address';
  if (/^(mailer-daemon|postmaster)@/i.test(from)) return 'delivery report';
  return null;
}

function fromAddress(mail: ParsedMail): string | null {
  return mail.from?.value[0]?.address?.toLowerCase() ?? null;
}

function recipients(mail: ParsedMail, envelope: string[]): string[] {
  const fromHeaders = [mail.to, mail.cc]
    .flatMap((a: AddressObject | AddressObject[] | undefined) => (a ? (Array.isArray(a) ? a : [a]) : []))
    .flatMap((a) => a.value.map((v) => v.address ?? ''));
  return [...envelope, ...fromHeaders].filter(Boolean);
}

/** Everything readable in a message: subject, text and HTML bodies, PDF and text attachments. */
export async function messageText(mail: ParsedMail): Promise<string> {
  const parts = [mail.subject ?? '', mail.text ?? '', mail.html ? htmlToText(mail.html) : ''];
  for (const a of mail.attachments) {
    const name = a.filename?.toLowerCase() ?? '';
    if (a.contentType === 'application/pdf' || name.endsWith('.pdf')) parts.push(await pdfText(a.content));
    else if (a.contentType.startsWith('text/') || /\.(txt|csv)$/.test(name)) {
      const text = a.content.toString('utf8');
      parts.push(a.contentType === 'text/html' ? htmlToText(text) : text);
    }
  }
  return parts.join('\n');
}

const senderHits = new Map<string, number[]>();

/** Counts a message against its sender's window; false when over the limit. */
export function takeSenderSlot(sender: string, now = Date.now()): boolean {
  const since = now - SENDER_RATE_LIMIT.windowMs;
  const hits = (senderHits.get(sender) ?? []).filter((t) => t > since);
  if (hits.length >= SENDER_RATE_LIMIT.messages) {
    senderHits.set(sender, hits);
    return false;
  }
  hits.push(now);
  senderHits.set(sender, hits);
  return true;
}

export type InboundOutcome =
  | { status: 'processed'; workspaceId: string; rows: EmailIntakeLogRow[] }
  | { status: 'dropped'; reason: string };

/** Whether an address names a workspace's intake: the recipient check the SMTP listener makes. */
export async function workspaceOfRecipient(ctx: AppContext, address: string): Promise<string | null> {
  const domain = ctx.config.inboundEmail.domain;
  if (!domain) return null;
  const token = tokenOfAddress(address, domain);
  if (!token) return null;
  const [row] = await ctx.db
    .select({ workspaceId: emailIntakeAddresses.workspaceId })
    .from(emailIntakeAddresses)
    .where(eq(emailIntakeAddresses.token, token));
  return row?.workspaceId ?? null;
}

/** The member (by e-mail) who acts for this message, or the owner for an allowed address; null: drop. */
async function actingTenant(
  ctx: AppContext,
  workspaceId: string,
  sender: string,
): Promise<Tenant | 'drop' | 'not-allowed'> {
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${sender}`);
  const member = user ? await loadTenant(ctx.db, user.id, workspaceId) : null;
  if (member) return canCreateShipments(member.shipmentPermission) ? member : 'not-allowed';
  const [allowed] = await ctx.db
    .select({ email: emailIntakeSenders.email })
    .from(emailIntakeSenders)
    .where(and(eq(emailIntakeSenders.workspaceId, workspaceId), eq(emailIntakeSenders.email, sender)));
  if (!allowed) return 'drop';
  const [owner] = await ctx.db
    .execute<{ creator_id: string }>(
      sql`SELECT o.creator_id FROM ${organizations} o JOIN workspaces w ON w.organization_id = o.id WHERE w.id = ${workspaceId}`,
    )
    .then((r) => r.rows);
  const tenant = owner ? await loadTenant(ctx.db, owner.creator_id, workspaceId) : null;
  return tenant ?? 'drop';
}

/** Ocean rows: containers on the message's one bill of lading, else bills and bookings alone. */
export function oceanItems(found: FoundNumbers): OceanIntakeItem[] {
  const carrier = found.carrierScac ? { carrierScac: found.carrierScac } : {};
  const items: OceanIntakeItem[] = [];
  const [onlyBill] = found.bills.length === 1 ? found.bills : [];
  for (const containerNo of found.containers)
    if (onlyBill) items.push({ containerNo, mblNo: onlyBill });
    else if (found.bills.length === 0 && found.bookings.length === 0) items.push({ containerNo });
  if (!onlyBill || found.containers.length === 0) {
    for (const mblNo of found.bills) items.push({ mblNo, ...carrier });
    for (const bookingNo of found.bookings) items.push({ bookingNo, ...carrier });
  }
  return items;
}

async function bumpDropped(ctx: AppContext, workspaceId: string) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailIntakeAddresses)
      .set({ droppedCount: sql`${emailIntakeAddresses.droppedCount} + 1` })
      .where(eq(emailIntakeAddresses.workspaceId, workspaceId));
    // An open intake page shows the dropped count: it refetches.
    await publishWorkspaceChanged(tx, workspaceId);
  });
}

interface AddedShipment {
  mode: TrackingMode;
  shipmentId: string;
}

/** A document type guessed from an attachment's name; anything unrecognised is `other`. */
export function documentTypeOf(filename: string): DocumentType {
  const name = filename.toLowerCase();
  if (/bill[\s_-]*of[\s_-]*lading|(^|[^a-z])(bl|b-l|mbl|hbl)([^a-z]|$)/.test(name)) return 'bill_of_lading';
  if (name.includes('invoice')) return 'invoice';
  if (name.includes('packing')) return 'packing_list';
  if (name.includes('arrival')) return 'arrival_notice';
  if (name.includes('customs')) return 'customs';
  return 'other';
}

/**
 * The message itself (.eml) and its attachments, kept as documents of each shipment it added; a file
 * that cannot be kept (a type documents do not take, the quota) becomes a row of the reply.
 */
async function keepAsDocuments(
  ctx: AppContext,
  workspaceId: string,
  added: AddedShipment[],
  raw: Buffer,
  mail: ParsedMail,
): Promise<EmailIntakeLogRow[]> {
  if (added.length === 0) return [];
  const subject = (mail.subject ?? 'message').replace(/[^\p{L}\p{N} ._-]+/gu, ' ').trim() || 'message';
  const files = [
    { filename: `${subject}.eml`, bytes: raw, type: 'other' as DocumentType },
    ...mail.attachments.map((a, i) => {
      const filename = a.filename ?? `attachment-${String(i + 1)}`;
      return { filename, bytes: a.content, type: documentTypeOf(filename) };
    }),
  ];
  const notKept = new Map<string, string>();
  for (const shipment of added)
    for (const file of files)
      try {
        await addDocument(ctx.db, {
          workspaceId,
          ...shipment,
          ...file,
          uploadedBy: null,
          source: 'email',
          storage: ctx.storage,
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        notKept.set(file.filename, error.message);
      }
  return [...notKept].map(([filename, message]) => ({
    mode: '',
    number: filename,
    outcome: 'refused' as const,
    message: `Not kept as a document: ${message}`,
  }));
}

/**
 * One received message, the same whichever way it came (SMTP listener or signed HTTP): to the
 * workspace its intake address names, from a member who may add shipments (or an address admins
 * allow, acting as the owner), its numbers added through the modes' intake services, and a reply.
 */
export async function receiveMessage(
  ctx: AppContext,
  raw: Buffer,
  envelopeRecipients: string[] = [],
): Promise<InboundOutcome> {
  const mail = await simpleParser(raw);
  const ownAddress = ctx.config.mailFrom.match(/<([^>]+)>/)?.[1] ?? ctx.config.mailFrom;
  const workspaceIds = new Set<string>();
  for (const address of recipients(mail, envelopeRecipients)) {
    const id = await workspaceOfRecipient(ctx, address);
    if (id) workspaceIds.add(id);
  }
  const [workspaceId] = [...workspaceIds];
  if (!workspaceId) return { status: 'dropped', reason: 'no intake address' };
  const automatic = automaticReason(mail, ownAddress);
  if (automatic) return { status: 'dropped', reason: `automatic message (${automatic})` };
  const sender = fromAddress(mail)!;
  const tenant = await actingTenant(ctx, workspaceId, sender);
  if (tenant === 'drop') {
    await bumpDropped(ctx, workspaceId);
    return { status: 'dropped', reason: 'sender not allowed' };
  }
  if (!takeSenderSlot(sender)) return { status: 'dropped', reason: 'rate limited' };

  const rows: EmailIntakeLogRow[] = [];
  const found = extractNumbers(await messageText(mail));
  if (tenant === 'not-allowed') {
    rows.push({
      mode: '',
      number: '',
      outcome: 'refused',
      message: 'Your role does not allow adding shipments',
    });
  } else {
    for (const bad of found.invalidContainers)
      rows.push({ mode: 'ocean', number: bad.value, outcome: 'refused', message: bad.message });
    const added: AddedShipment[] = [];
    const ocean = oceanItems(found);
    if (ocean.length)
      for (const o of await createOceanShipments(ctx, tenant, ocean)) {
        rows.push({
          mode: 'ocean',
          number: o.containerNo || o.mblNo || o.bookingNo,
          outcome: o.outcome,
          message: o.message,
          shipmentId: o.shipmentOverallId,
          reference: o.containerNo ? o.mblNo : null,
        });
        if (o.outcome === 'created' && o.shipmentOverallId)
          added.push({ mode: 'ocean', shipmentId: o.shipmentOverallId });
      }
    if (found.parcels.length)
      for (const o of await createExpressShipments(
        ctx,
        tenant,
        found.parcels.map((p) => ({ trackingNo: p.trackingNo, carrier: p.carrier })),
      )) {
        rows.push({
          mode: 'express',
          number: o.trackingNo,
          outcome: o.outcome,
          message: o.message,
          shipmentId: o.expressOrderId,
          reference: null,
        });
        if (o.outcome === 'created' && o.expressOrderId)
          added.push({ mode: 'express', shipmentId: o.expressOrderId });
      }
    rows.push(...(await keepAsDocuments(ctx, workspaceId, added, raw, mail)));
  }

  const subject = mail.subject ?? '(no subject)';
  await withTransaction(ctx.pool, async (t) => {
    await t.tx.insert(emailIntakeLog).values({ workspaceId, sender, subject: subject.slice(0, 300), rows });
    // An open intake page lists the message (the intake services told the lists of what they added).
    await publishWorkspaceChanged(t.tx, workspaceId);
    const reply = replyText(rows);
    const references = [mail.references ?? []].flat().concat(mail.messageId ? [mail.messageId] : []);
    await queueMail(t, ctx.jobs, {
      to: sender,
      subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
      text: reply,
      html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(reply)}</pre>`,
      headers: {
        'Auto-Submitted': 'auto-replied',
        ...(mail.messageId ? { 'In-Reply-To': mail.messageId } : {}),
        ...(references.length ? { References: references.join(' ') } : {}),
      },
    });
  });
  return { status: 'processed', workspaceId, rows };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const OUTCOME_TITLES: Record<EmailIntakeLogRow['outcome'], string> = {
  created: 'Added',
  already_tracked: 'Already tracked',
  refused: 'Not added',
};

/** The reply's text: what was added, already tracked, and not added with the reason. */
export function replyText(rows: EmailIntakeLogRow[]): string {
  if (rows.length === 0)
    return 'We could not find a container, bill of lading, booking or parcel tracking number in your message.';
  const sections = (['created', 'already_tracked', 'refused'] as const)
    .map((outcome) => {
      const these = rows.filter((r) => r.outcome === outcome);
      if (!these.length) return '';
      const lines = these.map(
        (r) => `- ${r.number || 'Message'}${outcome === 'refused' && r.message ? `: ${r.message}` : ''}`,
      );
      return `${OUTCOME_TITLES[outcome]}:\n${lines.join('\n')}`;
    })
    .filter(Boolean);
  return sections.join('\n\n');
}
