import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ExpressIntakeItem } from '@tracklane/shared/tracking/express/express-shipments.schema';
import { deriveParcel } from '@tracklane/shared/tracking/express/derive-parcel';
import type { ParcelStatus } from '@tracklane/shared/tracking/express/parcel-event';
import { OCEAN_CARRIERS } from '@tracklane/shared/tracking/ocean/carriers';
import { containerCheckDigit } from '@tracklane/shared/validation/container-number';
import type { AppContext } from '../../app-context';
import { organizations } from '../../db/schema/organizations';
import { users } from '../../db/schema/users';
import { demoVoyage } from '../../integrations/tracking/demo-carrier';
import { demoParcelJourney } from '../../integrations/tracking/express/demo-parcel-carrier';
import { hashPassword } from '../../lib/passwords';
import { withTransaction } from '../../lib/transaction';
import { createExpressShipments, validateExpressItem } from '../express-shipments/express-intake.service';
import { createOceanShipments } from '../ocean-shipments/ocean-intake.service';
import { createPersonalOrganization } from '../organizations/organizations.service';
import { loadTenant } from '../../tenancy/tenant';
import { hideTutorials } from '../users/tutorials.service';
import { theOrganization } from '../../tenancy/scope';

export const DEMO_EMAIL = 'demo@tracklane.local';
const DEMO_SHIPMENTS = 12;
const OWNERS = ['MSCU', 'MSKU', 'CMAU', 'HLXU', 'ONEU', 'EGHU', 'TGHU', 'CSNU'];

/**
 * A dozen containers the demo carrier knows, spread over carriers: numbers with valid check digits,
 * chosen deterministically so every installation shows the same demo.
 */
export function demoShipments(now: Date): { containerNo: string; mblNo: string; carrierScac: string }[] {
  const picked: { containerNo: string; mblNo: string; carrierScac: string }[] = [];
  for (let i = 0; picked.length < DEMO_SHIPMENTS && i < 500; i++) {
    const base = `${OWNERS[i % OWNERS.length]!}${String(300000 + i * 7919).slice(0, 6)}`;
    const containerNo = `${base}${String(containerCheckDigit(base))}`;
    const carrier = OCEAN_CARRIERS[i % 8]!;
    const mblNo = `${carrier.mblPrefixes[0]!}${String(880000000 + i * 104729)}`;
    const known = demoVoyage(
      { containerNo, mblNo, carrierScac: carrier.scac, trackingStartedAt: now },
      now.getTime(),
    );
    if (known.status === 'found') picked.push({ containerNo, mblNo, carrierScac: carrier.scac });
  }
  return picked;
}

/** Number shapes of a few carriers; the last digit is found by trying all ten (the check digit). */
const PARCEL_SHAPES: { carrier: string; chosen: boolean; base: (i: number) => string }[] = [
  {
    carrier: 'ups',
    chosen: false,
    base: (i) => `1Z4E7${String(100 + (i % 900))}03${String(4471000 + i * 37)}`,
  },
  { carrier: 'fedex', chosen: false, base: (i) => `7712${String(4900000 + i * 131)}` },
  { carrier: 'usps', chosen: false, base: (i) => `9400111202555${String(84300000 + i * 97)}` },
  { carrier: 'gls', chosen: true, base: (i) => `6800${String(7150000 + i * 53)}` },
  { carrier: 'dpd', chosen: true, base: (i) => `0150${String(58200000 + i * 71)}` },
];

/** The statuses the demo parcels show, one each before any repeats, and one never found. */
const WANTED: ParcelStatus[] = [
  'in_transit',
  'out_for_delivery',
  'delivered',
  'failed_attempt',
  'available_for_pickup',
  'exception',
  'info_received',
];

/**
 * A dozen parcels the demo parcel carrier tracks, in as many states as it has at `now`, plus one it
 * never finds: numbers with valid check digits where the carrier has a format, chosen
 * deterministically.
 */
export function demoParcels(now: Date): ExpressIntakeItem[] {
  const byStatus = new Map<ParcelStatus, ExpressIntakeItem[]>();
  for (let i = 0; i < 400; i++) {
    const shape = PARCEL_SHAPES[i % PARCEL_SHAPES.length]!;
    const item = Array.from({ length: 10 }, (_, d) => ({
      trackingNo: `${shape.base(i)}${String(d)}`,
      ...(shape.chosen ? { carrier: shape.carrier } : {}),
    })).find((candidate) => {
      const checked = validateExpressItem(candidate);
      return checked.ok && checked.carrier === shape.carrier;
    });
    if (!item) continue;
    const answer = demoParcelJourney(
      { trackingNo: item.trackingNo, carrier: shape.carrier, trackingStartedAt: now },
      now.getTime(),
    );
    if (answer.status !== 'found') continue;
    const status = deriveParcel(answer.events).status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), item]);
  }
  // Round by round, one more of each status, the wanted ones first.
  const statuses = [...WANTED, ...[...byStatus.keys()].filter((status) => !WANTED.includes(status))];
  const picked: ExpressIntakeItem[] = [];
  for (let round = 0; picked.length < DEMO_SHIPMENTS - 1 && round < DEMO_SHIPMENTS; round++) {
    for (const status of statuses) {
      const item = byStatus.get(status)?.[round];
      if (item && picked.length < DEMO_SHIPMENTS - 1) picked.push(item);
    }
  }
  return [...picked, { trackingNo: 'GLS00000404', carrier: 'gls' }];
}

/**
 * On a fresh embedded installation: a verified demo user with their organization (marked as the demo
 * organization, whose shipments the demo carriers answer), following a dozen
 * demo containers and a dozen demo parcels through the normal intake and refresh pipeline. The password is generated once and
 * kept in DATA_DIR so the log can show it at every start.
 */
export async function seedDemoAccount(
  ctx: AppContext,
): Promise<{ email: string; password: string; created: boolean }> {
  const passwordFile = path.join(ctx.config.dataDir, 'demo-account.txt');
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_EMAIL}`);
  if (existing) {
    const password = existsSync(passwordFile)
      ? (await readFile(passwordFile, 'utf8')).trim()
      : '(see demo-account.txt)';
    return { email: DEMO_EMAIL, password, created: false };
  }
  const password = `demo-${randomBytes(6).toString('base64url')}`;
  const passwordHash = await hashPassword(password);
  const home = await withTransaction(ctx.pool, async ({ tx }) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: DEMO_EMAIL,
        firstName: 'Demo',
        lastName: 'User',
        passwordHash,
        emailVerifiedAt: new Date(),
        timeZone: 'UTC',
      })
      .returning();
    // The demo already follows shipments: a "start tracking" tutorial would only be in the way.
    await hideTutorials(tx, user!.id);
    const home = await createPersonalOrganization(tx, user!);
    // The demo account's organization is the one that gets the demo carriers' data (ADR 0035).
    await tx.update(organizations).set({ demo: true }).where(theOrganization(home));
    return { user: user!, ...home };
  });
  const tenant = await loadTenant(ctx.db, home.user.id, home.workspaceId);
  await createOceanShipments(ctx, tenant!, demoShipments(new Date()));
  await createExpressShipments(ctx, tenant!, demoParcels(new Date()));
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  return { email: DEMO_EMAIL, password, created: true };
}
