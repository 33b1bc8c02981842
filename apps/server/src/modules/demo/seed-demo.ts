import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { OCEAN_CARRIERS } from '@tracklane/shared/tracking/carriers';
import { containerCheckDigit } from '@tracklane/shared/validation/container-number';
import type { AppContext } from '../../app-context';
import { users } from '../../db/schema/users';
import { demoVoyage } from '../../integrations/tracking/demo-carrier';
import { hashPassword } from '../../lib/passwords';
import { withTransaction } from '../../lib/transaction';
import { createOceanShipments } from '../ocean-shipments/intake.service';
import { createPersonalOrganization } from '../organizations/organizations.service';
import { loadTenant } from '../organizations/selection';

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

/**
 * On a fresh embedded installation: a verified demo user with their organization, following a dozen
 * demo containers through the normal intake and refresh pipeline. The password is generated once and
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
    return { user: user!, ...(await createPersonalOrganization(tx, user!)) };
  });
  const tenant = await loadTenant(ctx.db, home.user.id, home.workspaceId);
  await createOceanShipments(ctx, tenant!, demoShipments(new Date()));
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  return { email: DEMO_EMAIL, password, created: true };
}
