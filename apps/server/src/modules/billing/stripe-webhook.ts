import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { planModeSchema } from '@tracklane/shared/billing/billing.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { billingEvents } from '../../db/schema/plans';
import { withTransaction } from '../../lib/transaction';
import { lockOrganization } from '../organizations/organizations.service';
import { applyPlan, findPlan } from './entitlements';
import { renewalOf } from './stripe-gateway';

const FREE_PLAN_ID = 'free';

/** Subscription states in which the organization keeps the plan it pays for. */
const KEEPS_PLAN = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due']);

async function toFreePlan(tx: Database, organizationId: string): Promise<void> {
  const free = await findPlan(tx, FREE_PLAN_ID);
  // Over-quota usage stays; it only stops new invitations and shipments until it fits again.
  if (free)
    await applyPlan(tx, organizationId, free, 'month', { renewsAt: null, stripeSubscriptionId: null });
}

/**
 * Applies a verified Stripe event once (Stripe delivers at least once): a paid Checkout moves the
 * organization to the plan it bought, a subscription update moves its renewal date, and a subscription
 * that ended moves it back to the free plan. Events about other objects are recorded and ignored.
 */
export async function applyStripeEvent(ctx: AppContext, stripe: Stripe, event: Stripe.Event): Promise<void> {
  // Read before the transaction: the subscription's period comes from Stripe, not from the event.
  const session = event.type === 'checkout.session.completed' ? event.data.object : null;
  const subscription =
    session && typeof session.subscription === 'string'
      ? await stripe.subscriptions.retrieve(session.subscription)
      : null;

  await withTransaction(ctx.pool, async ({ tx }) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return;

    if (session) {
      const organizationId = session.metadata?.organizationId ?? session.client_reference_id;
      const plan = session.metadata?.planId ? await findPlan(tx, session.metadata.planId) : null;
      const interval = planModeSchema.safeParse(session.metadata?.interval);
      if (!organizationId || !plan || !interval.success) {
        ctx.logger.warn({ eventId: event.id }, 'Stripe checkout without Tracklane metadata: ignored');
        return;
      }
      const organization = await lockOrganization(tx, organizationId).catch(() => null);
      if (!organization) return;
      const previous = organization.stripeSubscriptionId;
      await applyPlan(tx, organizationId, plan, interval.data, {
        renewsAt: subscription ? renewalOf(subscription) : null,
        stripeCustomerId:
          typeof session.customer === 'string' ? session.customer : organization.stripeCustomerId,
        stripeSubscriptionId: subscription?.id ?? null,
      });
      // One subscription per organization: the one replaced by this purchase ends now.
      if (previous && previous !== subscription?.id) {
        await stripe.subscriptions.cancel(previous).catch((err: unknown) => {
          ctx.logger.error({ err, organizationId }, 'could not cancel the replaced Stripe subscription');
        });
      }
      return;
    }

    if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
      const changed = event.data.object;
      const [organization] = await tx
        .select()
        .from(organizations)
        .where(eq(organizations.stripeSubscriptionId, changed.id))
        .for('update');
      if (!organization) return;
      if (event.type === 'customer.subscription.deleted' || !KEEPS_PLAN.has(changed.status)) {
        await toFreePlan(tx, organization.id);
      } else {
        await tx
          .update(organizations)
          .set({ planRenewsAt: renewalOf(changed), updatedAt: new Date() })
          .where(eq(organizations.id, organization.id));
      }
    }
  });
}
