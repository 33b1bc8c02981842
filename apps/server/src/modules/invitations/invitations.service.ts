import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  INVITE_MESSAGES,
  type InvitationLinkState,
  type InviteRequest,
  type WorkspaceInvitation,
} from '@tracklane/shared/invitations/invitations.schema';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { invitations } from '../../db/schema/invitations';
import {
  organizationMembers,
  organizations,
  workspaceMembers,
  workspaces,
} from '../../db/schema/organizations';
import { users, type UserRow } from '../../db/schema/users';
import { queueMail } from '../../integrations/mail/mailer';
import { invitationMail } from '../../integrations/mail/templates';
import { publish } from '../../integrations/realtime/realtime-hub';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../lib/transaction';
import { lockOrganization, pendingInvitationSeats } from '../organizations/organizations.service';
import type { Tenant } from '../../tenancy/tenant';
import { inOrganization, inWorkspace, theWorkspace } from '../../tenancy/scope';

const lower = (email: string) => email.trim().toLowerCase();

/**
 * spec §7 invite/new: invites addresses to workspaces of the admin's organization. Seats (members plus
 * pending invitations) never exceed the plan's limit: the check and the inserts share one transaction
 * under the organization lock, so concurrent invites cannot overshoot together.
 */
export async function inviteMembers(ctx: AppContext, tenant: Tenant, inviter: UserRow, input: InviteRequest) {
  const emails = [...new Set(input.emails.map(lower))];
  if (emails.includes(lower(inviter.email))) throw new AppError('VALIDATION', INVITE_MESSAGES.yourself);

  return withTransaction(ctx.pool, async (t) => {
    const { tx } = t;
    const organization = await lockOrganization(tx, tenant.organizationId);
    const targets = await tx
      .select()
      .from(workspaces)
      .where(
        and(inOrganization(tenant, workspaces), inArray(workspaces.id, [...new Set(input.workspaceIds)])),
      );
    if (targets.length !== new Set(input.workspaceIds).size)
      throw new AppError('NOT_FOUND', 'Workspace not found.');

    const accounts = await tx
      .select()
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));
    const accountByEmail = new Map(accounts.map((u) => [lower(u.email), u]));
    const memberIds = new Set(
      (
        await tx
          .select({ userId: organizationMembers.userId })
          .from(organizationMembers)
          .where(inOrganization(tenant, organizationMembers))
      ).map((m) => m.userId),
    );
    const inWorkspace = new Set(
      (
        await tx
          .select({ key: sql<string>`${workspaceMembers.workspaceId} || ':' || ${workspaceMembers.userId}` })
          .from(workspaceMembers)
          .where(
            inArray(
              workspaceMembers.workspaceId,
              targets.map((w) => w.id),
            ),
          )
      ).map((r) => r.key),
    );
    const pendingEmails = new Set(
      (
        await tx
          .select({ email: sql<string>`lower(${invitations.email})` })
          .from(invitations)
          .where(and(inOrganization(tenant, invitations), eq(invitations.status, 'pending')))
      ).map((r) => r.email),
    );

    const [members] = await tx
      .select({ n: count() })
      .from(organizationMembers)
      .where(inOrganization(tenant, organizationMembers));
    const usage = members!.n + (await pendingInvitationSeats(tx, tenant.organizationId));
    const newSeats = emails.filter((e) => {
      const account = accountByEmail.get(e);
      return !(account && memberIds.has(account.id)) && !pendingEmails.has(e);
    }).length;
    if (usage + newSeats > organization.memberLimit)
      throw new AppError('CONFLICT', INVITE_MESSAGES.seatLimit);

    const invited: string[] = [];
    const alreadyMembers: string[] = [];
    for (const email of emails) {
      const account = accountByEmail.get(email);
      const open = targets.filter((w) => !(account && inWorkspace.has(`${w.id}:${account.id}`)));
      if (open.length === 0) {
        alreadyMembers.push(email);
        continue;
      }
      await tx
        .insert(invitations)
        .values(
          open.map((w) => ({
            organizationId: tenant.organizationId,
            workspaceId: w.id,
            email,
            invitedBy: inviter.id,
          })),
        )
        .onConflictDoNothing();
      // The mail's link names the pending invitations it stands for, new or sent before.
      const sent = await tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(
          and(
            inArray(
              invitations.workspaceId,
              open.map((w) => w.id),
            ),
            sql`lower(${invitations.email}) = ${email}`,
            eq(invitations.status, 'pending'),
          ),
        );
      invited.push(email);
      await queueMail(
        t,
        ctx.jobs,
        invitationMail(account?.email ?? email, {
          inviterName: `${inviter.firstName} ${inviter.lastName}`,
          organizationName: organization.name,
          workspaceNames: open.map((w) => w.name),
          hasAccount: Boolean(account),
          publicUrl: ctx.config.publicUrl,
          invitationIds: sent.map((s) => s.id),
        }),
      );
    }
    await publish(tx, { topic: 'workspaceInvitations', emails: invited });
    return { invited: invited.length, alreadyMembers };
  });
}

/** spec §7 invite/resend: e-mails a pending invitation again, at most once a minute. */
export async function resendInvitation(
  ctx: AppContext,
  tenant: Tenant,
  inviter: UserRow,
  memberId: string,
): Promise<{ email: string }> {
  return withTransaction(ctx.pool, async (t) => {
    const [row] = await t.tx
      .select({
        invitation: invitations,
        workspaceName: workspaces.name,
        organizationName: organizations.name,
      })
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
      .where(
        and(
          eq(invitations.id, memberId),
          inOrganization(tenant, invitations),
          eq(invitations.status, 'pending'),
        ),
      )
      .for('update', { of: invitations });
    if (!row) throw new AppError('NOT_FOUND', 'Invitation not found.');
    if (Date.now() - row.invitation.lastSentAt.getTime() < 60_000) {
      throw new AppError('RATE_LIMITED', 'This invitation was sent less than a minute ago.', {
        retryAfter: 60,
      });
    }
    const [account] = await t.tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${lower(row.invitation.email)}`);
    await t.tx.update(invitations).set({ lastSentAt: new Date() }).where(eq(invitations.id, memberId));
    await queueMail(
      t,
      ctx.jobs,
      invitationMail(row.invitation.email, {
        inviterName: `${inviter.firstName} ${inviter.lastName}`,
        organizationName: row.organizationName,
        workspaceNames: [row.workspaceName],
        hasAccount: Boolean(account),
        publicUrl: ctx.config.publicUrl,
        invitationIds: [memberId],
      }),
    );
    await publish(t.tx, { topic: 'workspaceInvitations', emails: [row.invitation.email] });
    return { email: row.invitation.email };
  });
}

/**
 * Withdraws a pending invitation of the admin's organization: its seat is free again, the invitee's
 * rail and bell drop it at once, and its e-mail's link says it was withdrawn. Under the organization
 * lock, like the seat count of a new invite.
 */
export async function withdrawInvitation(
  ctx: AppContext,
  tenant: Tenant,
  memberId: string,
): Promise<{ email: string; workspaceName: string }> {
  return withTransaction(ctx.pool, async ({ tx }) => {
    await lockOrganization(tx, tenant.organizationId);
    const [row] = await tx
      .update(invitations)
      .set({ status: 'revoked', respondedAt: new Date() })
      .where(
        and(
          eq(invitations.id, memberId),
          inOrganization(tenant, invitations),
          eq(invitations.status, 'pending'),
        ),
      )
      .returning({ email: invitations.email, workspaceId: invitations.workspaceId });
    if (!row) throw new AppError('NOT_FOUND', 'Invitation not found.');
    const [workspace] = await tx.select({ name: workspaces.name }).from(workspaces).where(theWorkspace(row));
    await publish(tx, { topic: 'workspaceInvitations', emails: [lower(row.email)] });
    return { email: row.email, workspaceName: workspace?.name ?? '' };
  });
}

/** What the invitations an e-mail's link names stand for now (see {@link InvitationLinkState}). */
export async function invitationLinkState(db: Database, ids: string[]): Promise<InvitationLinkState> {
  const rows = await db
    .select({ status: invitations.status })
    .from(invitations)
    .where(inArray(invitations.id, ids));
  if (rows.length === 0) return 'unknown';
  if (rows.some((r) => r.status === 'pending')) return 'pending';
  return rows.every((r) => r.status === 'revoked') ? 'withdrawn' : 'answered';
}

/** spec §7 invite/list: the signed-in user's pending invitations, newest first. */
export async function listMyInvitations(db: Database, user: UserRow): Promise<WorkspaceInvitation[]> {
  const rows = await db
    .select({
      invitation: invitations,
      workspaceName: workspaces.name,
      workspaceImage: workspaces.imageUrl,
      organizationName: organizations.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
      inviterEmail: users.email,
    })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(sql`lower(${invitations.email}) = ${lower(user.email)}`, eq(invitations.status, 'pending')))
    .orderBy(sql`${invitations.createdAt} desc`)
    .limit(100);
  return rows.map((r) => ({
    workspaceId: r.invitation.workspaceId,
    workspaceName: r.workspaceName,
    workspaceImage: r.workspaceImage,
    memberId: r.invitation.id,
    organizationId: r.invitation.organizationId,
    organizationName: r.organizationName,
    firstName: r.inviterFirstName ?? '',
    lastName: r.inviterLastName ?? '',
    inviterEmail: r.inviterEmail ?? '',
    createdAt: r.invitation.createdAt.toISOString(),
  }));
}

/**
 * spec §7 invite/confirm: accepts (joins the organization as a general user with view-and-create
 * permission, and the workspace) or declines one's own pending invitation.
 */
export async function confirmInvitation(
  ctx: AppContext,
  user: UserRow,
  input: { workspaceId: string; memberId: string; joined: boolean },
): Promise<{ workspaceName: string; joined: boolean; organizationId: string }> {
  return withTransaction(ctx.pool, async ({ tx }) => {
    const [found] = await tx
      .select({ organizationId: invitations.organizationId })
      .from(invitations)
      .where(eq(invitations.id, input.memberId));
    if (!found) throw new AppError('NOT_FOUND', 'Invitation not found.');
    await lockOrganization(tx, found.organizationId);
    const [row] = await tx
      .select({ invitation: invitations, workspaceName: workspaces.name })
      .from(invitations)
      .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
      .where(
        and(
          eq(invitations.id, input.memberId),
          inWorkspace(input, invitations),
          eq(invitations.status, 'pending'),
          // Another user's invitation is simply not found.
          sql`lower(${invitations.email}) = ${lower(user.email)}`,
        ),
      );
    if (!row) throw new AppError('NOT_FOUND', 'Invitation not found.');
    await tx
      .update(invitations)
      .set({ status: input.joined ? 'accepted' : 'declined', respondedAt: new Date() })
      .where(eq(invitations.id, row.invitation.id));
    if (input.joined) {
      await tx
        .insert(organizationMembers)
        .values({
          organizationId: row.invitation.organizationId,
          userId: user.id,
          role: 'general_user',
          shipmentPermission: 0,
        })
        .onConflictDoNothing();
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: row.invitation.workspaceId, userId: user.id })
        .onConflictDoNothing();
      await publish(tx, { topic: 'accessChanged', userIds: [user.id] });
    }
    // The invitee's other tabs, and the admin who invited them (pending list and seats), hear of it.
    const [inviter] = row.invitation.invitedBy
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, row.invitation.invitedBy))
      : [];
    await publish(tx, {
      topic: 'workspaceInvitations',
      emails: inviter ? [user.email, inviter.email] : [user.email],
    });
    return {
      workspaceName: row.workspaceName,
      joined: input.joined,
      organizationId: row.invitation.organizationId,
    };
  });
}

/** Pending invitations of the admin's organization, for resending. */
export async function listOrganizationInvitations(db: Database, organizationId: string) {
  const rows = await db
    .select({ invitation: invitations, workspaceName: workspaces.name })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .where(and(inOrganization({ organizationId }, invitations), eq(invitations.status, 'pending')))
    .orderBy(sql`${invitations.createdAt} desc`)
    .limit(500);
  return rows.map((r) => ({
    memberId: r.invitation.id,
    email: r.invitation.email,
    workspaceId: r.invitation.workspaceId,
    workspaceName: r.workspaceName,
    createdAt: r.invitation.createdAt.toISOString(),
    lastSentAt: r.invitation.lastSentAt.toISOString(),
  }));
}
