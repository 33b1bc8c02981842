import type { NewMail } from './mailer';
import { layout } from './templates';

/** To each company admin once a carrier connection has failed for a day without a success. */
export function connectionFailingMail(
  to: string,
  input: {
    firstName: string;
    organizationName: string;
    connectionName: string;
    since: Date;
    lastError: string;
    settingsUrl: string;
  },
): NewMail {
  return layout(to, `Carrier connection failing: ${input.connectionName}`, [
    `Hi ${input.firstName},`,
    `The carrier connection ${input.connectionName} of ${input.organizationName} has failed every call since ${input.since.toUTCString()}. Containers of this carrier get no new events while it fails.`,
    `The last error: ${input.lastError}`,
    `Check its credentials and test it at ${input.settingsUrl}. You will not be e-mailed again until it has worked once more.`,
  ]);
}
