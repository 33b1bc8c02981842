import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  SHARING_MESSAGES,
  type CreateShareLinkRequest,
  type CreatedShareLink,
  type PublicShare,
  type PublicShipment,
  type ShareLink,
} from '@tracklane/shared/sharing/sharing.schema';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import type { ExpressShipmentDetail } from '@tracklane/shared/tracking/express/express-shipments.schema';
import type { OceanShipmentDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { modeFeatures, modePresentation } from '../../modes';
import { shareLinks, type ShareLinkRow } from '../../db/schema/sharing';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import type { Tenant } from '../../tenancy/tenant';
import { inWorkspace } from '../../tenancy/scope';
import { publishShipmentsChanged } from '../live-pages/live-publish';
import { publishLive } from '../../integrations/realtime/publish-live';
import { PARTY_ROLES } from '@tracklane/shared/references/references.schema';
import { referencesOf } from '../references/references.service';
import { customValuesOf } from '../custom-fields/custom-field-values.service';
import { listCustomFields } from '../custom-fields/custom-fields.service';

const DAY = 86_400_000;

/** The numbers of the link's shipments, read within the link's workspace only. */
async function numbersOf(db: Database, workspaceId: string, mode: TrackingMode, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const presentation = modePresentation(mode);
  const { table } = modeFeatures(mode);
  const rows = await db
    .select({ id: table.id, number: sql<string>`${presentation.historyColumns().number}` })
    .from(table)
    .where(and(inWorkspace({ workspaceId }, table), inArray(table.id, ids)));
  return new Map(rows.map((r) => [r.id, r.number]));
}

function toShareLink(row: ShareLinkRow, numbers: Map<string, string>, createdBy: string | null): ShareLink {
  return {
    id: row.id,
    shipmentType: row.mode,
    numbers: row.shipmentIds.flatMap((id) => numbers.get(id) ?? []),
    createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= new Date() ? 'expired' : 'live',
    includeReferences: row.includeReferences,
  };
}

/**
 * Publishes shipments of the workspace under a new public link: a 256-bit random token, returned this
 * once (only its hash is kept), optionally expiring. Ids that are not the workspace's refuse the link.
 */
export async function createShareLink(
  ctx: AppContext,
  tenant: Tenant,
  creator: { id: string; name: string },
  input: CreateShareLinkRequest,
  now = new Date(),
): Promise<CreatedShareLink> {
  const ids = [...new Set(input.shipmentIds)];
  const numbers = await numbersOf(ctx.db, tenant.workspaceId, input.shipmentType, ids);
  if (numbers.size !== ids.length) throw new AppError('NOT_FOUND', SHARING_MESSAGES.shipmentNotFound);
  const token = newToken();
  const [row] = await ctx.db
    .insert(shareLinks)
    .values({
      tokenHash: hashToken(token),
      workspaceId: tenant.workspaceId,
      mode: input.shipmentType,
      shipmentIds: ids,
      createdBy: creator.id,
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY) : null,
      includeReferences: input.includeReferences ?? false,
    })
    .returning();
  await publishShipmentsChanged(ctx.db, tenant.workspaceId, ids);
  return {
    ...toShareLink(row!, numbers, creator.name),
    token,
    url: `${ctx.config.publicUrl}/share/${token}`,
  };
}

/** The workspace's links of a mode (optionally those containing one shipment), newest first. */
export async function listShareLinks(
  db: Database,
  tenant: Tenant,
  mode: TrackingMode,
  shipmentId: string | undefined,
): Promise<ShareLink[]> {
  const rows = await db
    .select({ link: shareLinks, first: users.firstName, last: users.lastName, email: users.email })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(
      and(
        inWorkspace(tenant, shareLinks),
        eq(shareLinks.mode, mode),
        shipmentId ? sql`${shipmentId}::uuid = ANY(${shareLinks.shipmentIds})` : undefined,
      ),
    )
    .orderBy(desc(shareLinks.createdAt))
    .limit(100);
  const numbers = await numbersOf(db, tenant.workspaceId, mode, [
    ...new Set(rows.flatMap((r) => r.link.shipmentIds)),
  ]);
  return rows.map((r) =>
    toShareLink(r.link, numbers, `${r.first ?? ''} ${r.last ?? ''}`.trim() || (r.email ?? null)),
  );
}

/** Revokes a link of the workspace: from this moment it answers "expired". */
export async function revokeShareLink(db: Database, tenant: Tenant, linkId: string): Promise<void> {
  const [revoked] = await db
    .update(shareLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(shareLinks.id, linkId), inWorkspace(tenant, shareLinks), isNull(shareLinks.revokedAt)))
    .returning({ id: shareLinks.id, shipmentIds: shareLinks.shipmentIds });
  if (!revoked) throw new AppError('NOT_FOUND', SHARING_MESSAGES.linkNotFound);
  // The link's open public pages say it expired; the shipments' pages list one link fewer.
  await publishLive(db, {
    workspaceIds: [tenant.workspaceId],
    shipmentIds: revoked.shipmentIds,
    shareLinkIds: [revoked.id],
  });
}

const portName = (p: { locode: string; name: string | null } | null) => (p ? (p.name ?? p.locode) : null);

/** The shipment's map (its detail's: voyage.ts, voyage-map.ts) goes out as it is. */
export function publicOcean(s: OceanShipmentDetail): PublicShipment {
  const o = s.shipmentOverall;
  const m = (key: string, label: string, v: { time: string; classifier: string } | null) => ({
    key,
    label,
    time: v?.time ?? null,
    actual: v?.classifier === 'ACT',
  });
  return {
    number: s.containerNo,
    reference: s.mblNo,
    carrierName: s.carrierName,
    status: s.status,
    origin: portName(s.pol),
    destination: portName(s.pod),
    departure: { estimated: s.departureVO.etd, actual: s.departureVO.atd },
    arrival: { estimated: s.arrivalVO.eta, actual: s.arrivalVO.ata },
    milestones: [
      m('emptyGateOut', 'Empty container picked up', o.emptyGateOut),
      m('fullGateIn', 'Gated in at origin', o.fullGateIn),
      m('loaded', 'Loaded on vessel', o.loaded),
      {
        key: 'departed',
        label: 'Departed',
        time: s.departureVO.atd ?? s.departureVO.etd,
        actual: Boolean(s.departureVO.atd),
      },
      {
        key: 'arrived',
        label: 'Arrived',
        time: s.arrivalVO.ata ?? s.arrivalVO.eta,
        actual: Boolean(s.arrivalVO.ata),
      },
      m('discharged', 'Discharged', o.discharged),
      m('fullGateOut', 'Picked up at destination', o.fullGateOut),
      m('emptyReturned', 'Empty container returned', o.emptyReturned),
    ],
    position: s.map.position,
    route: s.map.route,
    lastCheckedAt: s.lastCheckedAt,
  };
}

export function publicExpress(s: ExpressShipmentDetail): PublicShipment {
  const place = (p: ExpressShipmentDetail['origin']) =>
    p ? [p.city, p.countryCode].filter(Boolean).join(', ') || p.name : null;
  const at = (p: ExpressShipmentDetail['origin']) =>
    p && p.latitude !== null && p.longitude !== null ? { lat: p.latitude, lon: p.longitude } : null;
  const from = at(s.origin);
  const to = at(s.destination);
  const now = at(s.lastLocation);
  return {
    number: s.expressOrderNo,
    reference: s.carrier,
    carrierName: s.carrierName,
    status: s.status,
    origin: place(s.origin),
    destination: place(s.destination),
    departure: { estimated: null, actual: s.pickedUpAt },
    arrival: { estimated: s.estimatedDelivery, actual: s.deliveredAt },
    milestones: [
      { key: 'pickedUp', label: 'Picked up', time: s.pickedUpAt, actual: Boolean(s.pickedUpAt) },
      {
        key: 'lastScan',
        label: s.statusText ?? 'Last scan',
        time: s.lastEventAt,
        actual: Boolean(s.lastEventAt),
      },
      {
        key: 'delivered',
        label: s.deliveredAt ? 'Delivered' : 'Estimated delivery',
        time: s.deliveredAt ?? s.estimatedDelivery,
        actual: Boolean(s.deliveredAt),
      },
    ],
    // A delivered parcel is a delivered marker at its last scan, as a delivered container is at its port.
    position: now
      ? { kind: s.deliveredAt ? 'delivered' : 'city', ...now, name: place(s.lastLocation) ?? 'Last scan' }
      : null,
    route:
      from && to
        ? [
            [from.lon, from.lat],
            [to.lon, to.lat],
          ]
        : null,
    lastCheckedAt: s.lastCheckedAt,
  };
}

/**
 * The references and custom field values of a link's shipments, for a link whose sharer chose to show
 * them: read within the link's workspace only, parties by company name, fields by name in the
 * workspace's order (those without a value left out).
 */
async function publicDetailsOf(
  db: Database,
  link: ShareLinkRow,
): Promise<Map<string, Pick<PublicShipment, 'references' | 'customFields'>>> {
  const { table } = modeFeatures(link.mode);
  const [references, values, fields] = await Promise.all([
    referencesOf(db, link.workspaceId, table, link.shipmentIds),
    customValuesOf(db, link.workspaceId, link.mode, link.shipmentIds),
    listCustomFields(db, link.workspaceId),
  ]);
  const details = new Map<string, Pick<PublicShipment, 'references' | 'customFields'>>();
  for (const [id, r] of references) {
    const own = values.get(id) ?? {};
    details.set(id, {
      references: {
        bookingNumber: r.bookingNumber,
        customerReference: r.customerReference,
        poNumbers: r.poNumbers,
        parties: PARTY_ROLES.flatMap((role) => (r[role] ? [{ role, name: r[role].name }] : [])),
      },
      customFields: fields.flatMap((field) =>
        own[field.id] === undefined ? [] : [{ name: field.name, type: field.type, value: own[field.id]! }],
      ),
    });
  }
  return details;
}

/**
 * What a public link shows: its shipments' numbers, carrier, status, route, ETA, milestones and map
 * point, built field by field, and their references and custom field values only where the sharer
 * chose so (`includeReferences`). Shipments are read within the link's workspace by the ids the link
 * holds, so a link can never show another shipment.
 */
export async function getPublicShare(
  db: Database,
  link: ShareLinkRow,
  now = new Date(),
): Promise<PublicShare> {
  const shipments: PublicShipment[] = [];
  const details = link.includeReferences ? await publicDetailsOf(db, link) : null;
  for (const id of link.shipmentIds) {
    try {
      // On nobody's behalf: a public view carries no star (publicOcean leaves `favorite` out anyway).
      const reader = { workspaceId: link.workspaceId, userId: null };
      const shipment = await modePresentation(link.mode).publicView(db, reader, id, now);
      shipments.push(details ? { ...shipment, ...details.get(id) } : shipment);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
    }
  }
  return { shipmentType: link.mode, expiresAt: link.expiresAt?.toISOString() ?? null, shipments };
}
