import type { NewMail } from './mailer';
import { layout } from './templates';

/** To each company admin when an endpoint was switched off after failing again and again. */
export function webhookDisabledMail(
  to: string,
  input: { firstName: string; workspaceName: string; url: string; reason: string; settingsUrl: string },
): NewMail {
  return layout(to, `Webhook endpoint disabled in ${input.workspaceName}`, [
    `Hi ${input.firstName},`,
    `Tracklane stopped sending webhooks to ${input.url} in the workspace ${input.workspaceName}: ${input.reason}`,
    `Events are no longer delivered there. Once the receiver works again, enable the endpoint and replay the deliveries it missed at ${input.settingsUrl}.`,
  ]);
}
