import type { NewMail } from './mailer';
import { escapeHtml, oneLine } from './mail-text';

export interface AlertMailInput {
  to: string;
  ruleName: string;
  text: string;
  workspaceName: string;
  /** Container and bill of lading, or the parcel's number. */
  shipment: string;
}

/**
 * An alert for an address outside the workspace: what matched, on which shipment, from which
 * workspace. No link: the recipient has no account there.
 */
export function alertMail(given: AlertMailInput): Omit<NewMail, 'to'> & { to: string } {
  const input = {
    ...given,
    ruleName: oneLine(given.ruleName),
    text: oneLine(given.text),
    workspaceName: oneLine(given.workspaceName),
    shipment: oneLine(given.shipment),
  };
  const subject = `Alert: ${input.ruleName} — ${input.shipment}`;
  const text = [
    `${input.text}`,
    '',
    `Shipment: ${input.shipment}`,
    `Workspace: ${input.workspaceName}`,
    '',
    'You receive this because a Tracklane workspace named your address in one of its alert rules.',
    'Ask its administrators to remove it if you no longer want these e-mails.',
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;padding:32px 16px;font:15px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#52606d">Alert from ${escapeHtml(input.workspaceName)}</p>
<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(input.text)}</h1>
<p style="margin:0 0 16px">Shipment: <code style="font-family:ui-monospace,Menlo,monospace">${escapeHtml(input.shipment)}</code></p>
<p style="margin:0;font-size:13px;color:#52606d">You receive this because a Tracklane workspace named your address in one of its alert rules. Ask its administrators to remove it if you no longer want these e-mails.</p>
</div></body></html>`;
  return { to: input.to, subject, text, html };
}
