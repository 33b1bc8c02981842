import type { ChangeData, NotificationType } from '@tracklane/shared/notifications/notification-types';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { modePresentation } from '../../modes';
import type { NewMail } from './mailer';
import { escapeHtml, oneLine } from './mail-text';

export interface DigestEntry {
  mode: TrackingMode;
  trackingNo: string;
  reference: string;
  type: NotificationType;
  text: string;
  data: ChangeData;
  /** ISO 8601. */
  changedAt: string;
}

/** day/month/year 24-hour in the reader's zone (spec §2); UTC when the zone is unknown to this Node. */
export function formatInZone(iso: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
  }
  return format.format(new Date(iso)).replace(',', '');
}

const isTime = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value);

/** The line a change gets: what changed, and the new date in the reader's zone when there is one. */
function line(entry: DigestEntry, timeZone: string): { shipment: string; change: string } {
  const shipment = oneLine(modePresentation(entry.mode).numberLine(entry));
  const when =
    isTime(entry.data.to) && entry.type !== 'milestone'
      ? ` — now ${formatInZone(entry.data.to, timeZone)}`
      : '';
  return { shipment, change: oneLine(`${entry.text}${when}`) };
}

/**
 * The e-mail of a user's digest: every change waiting for it, oldest first, each with its shipment,
 * and links to the notifications page and the settings.
 */
export function digestMail(input: {
  to: string;
  firstName: string;
  timeZone: string;
  publicUrl: string;
  entries: DigestEntry[];
  /** All changes in this digest; more than the entries when the list was cut. */
  total: number;
}): NewMail {
  const { entries, total, timeZone, publicUrl } = input;
  const firstName = oneLine(input.firstName);
  const subject =
    total === 1 && entries[0]
      ? `${line(entries[0], timeZone).shipment}: ${oneLine(entries[0].text)}`
      : `${String(total)} shipment updates on Tracklane`;
  const lines = entries.map((e) => line(e, timeZone));
  const mentions = entries.some((e) => e.type === 'comment_mention');
  const intro =
    total === 1
      ? mentions
        ? 'You were mentioned in a comment on a shipment:'
        : 'A shipment you follow changed:'
      : mentions
        ? `${String(total)} updates on shipments you follow:`
        : `${String(total)} changes to shipments you follow:`;
  const more = total > entries.length ? total - entries.length : 0;
  const allUrl = `${publicUrl}/notifications/all`;
  const settingsUrl = `${publicUrl}/settings/notification`;

  const text = [
    `Hi ${firstName},`,
    '',
    intro,
    '',
    ...lines.map((l) => `- ${l.shipment}: ${l.change}`),
    ...(more ? [`- and ${String(more)} more`] : []),
    '',
    `See every notification: ${allUrl}`,
    `Choose what you receive, and how often: ${settingsUrl}`,
    '',
    '— Tracklane',
  ].join('\n');

  const rows = lines
    .map(
      (l) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #e3e8ee"><div style="font:600 13px/1.4 ui-monospace,Menlo,Consolas,monospace;color:#0b3954">${escapeHtml(l.shipment)}</div><div>${escapeHtml(l.change)}</div></td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;padding:32px 16px;font:15px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;border:1px solid #e3e8ee">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e3e8ee;font-weight:700;font-size:17px;color:#0b3954">Tracklane</td></tr>
<tr><td style="padding:28px"><p style="margin:0 0 16px">Hi ${escapeHtml(firstName)},</p>
<p style="margin:0 0 8px">${escapeHtml(intro)}</p>
<table role="presentation" width="100%">${rows}</table>
${more ? `<p style="margin:12px 0 0">and ${String(more)} more</p>` : ''}
<p style="margin:24px 0 0"><a href="${escapeHtml(allUrl)}" style="color:#0b6e99">See every notification</a></p>
<p style="margin:16px 0 0;color:#66788a;font-size:13px">You receive this because you follow these shipments. <a href="${escapeHtml(settingsUrl)}" style="color:#66788a">Choose what you receive, and how often</a>.</p></td></tr>
</table></body></html>`;
  return { to: input.to, subject, text, html };
}
