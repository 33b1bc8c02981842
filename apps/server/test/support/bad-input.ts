import { webhookEndpoints } from '../../src/db/schema/webhooks';
import { useTestApp } from '../app';
import { buildTeam } from '../factories';

/** The app with a team, a webhook endpoint and an API key to send bad input to. */
export async function useBadInputApp() {
  const { app, ctx } = await useTestApp({ apiKeyRateLimitPerMinute: 100_000, rateLimitPerMinute: 100_000 });
  const team = await buildTeam(app, ctx);
  const cookie = team.owner.cookie;

  const NOT_ALLOWED = {
    success: false,
    result: null,
    code: 'VALIDATION',
    message: 'Text contains characters that are not allowed.',
  };

  const UUID = '2b1e6a53-8c4f-4d0e-9a61-7f3c2d1b0e9a';
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const [endpoint] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      workspaceId: team.defaultWorkspaceId,
      url: 'https://hooks.example.com/in',
      eventTypes: ['shipment.added'],
      secret: 'whsec_test',
      createdBy: team.owner.userId,
    })
    .returning({ id: webhookEndpoints.id });
  const keyRes = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie },
    payload: { name: 'Fuzz', scope: 'read' },
  });
  const key = keyRes.json().result.key as string;
  return { app, ctx, team, cookie, NOT_ALLOWED, UUID, cursorOf, endpoint, keyRes, key };
}
