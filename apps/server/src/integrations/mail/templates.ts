import type { NewMail } from './mailer';
import { escapeHtml, oneLine } from './mail-text';
import type { TrackingMode } from '@tracklane/shared/tracking/tracking-modes';
import { modePresentation } from '../../modes';

/** A plain, branded message: the same words in HTML and in text. */
export function layout(to: string, title: string, lines: string[], code?: string): NewMail {
  // Each paragraph is one line of the plain text, whatever a name interpolated into it holds.
  const subject = oneLine(title);
  const paragraphs = lines.map(oneLine);
  const htmlParagraphs = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const codeBlock = code
    ? `<p style="margin:0 0 16px;font:600 28px/1.2 ui-monospace,Menlo,Consolas,monospace;letter-spacing:6px;color:#0b3954">${code}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;padding:32px 16px;font:15px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:520px;margin:0 auto;background:#fff;border-radius:8px;border:1px solid #e3e8ee">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e3e8ee;font-weight:700;font-size:17px;color:#0b3954">Tracklane</td></tr>
<tr><td style="padding:28px">${htmlParagraphs}${codeBlock}<p style="margin:24px 0 0;color:#66788a;font-size:13px">If you did not ask for this, you can ignore this e-mail.</p></td></tr>
</table></body></html>`;
  const text = `${paragraphs.join('\n\n')}${code ? `\n\n    ${code}` : ''}\n\nIf you did not ask for this, you can ignore this e-mail.\n\n— Tracklane`;
  return { to, subject, html, text };
}

export function verificationCodeMail(to: string, firstName: string, code: string): NewMail {
  return layout(
    to,
    `${code} is your Tracklane verification code`,
    [
      `Hi ${firstName},`,
      'Welcome to Tracklane. Enter this code to verify your e-mail address. It is valid for 10 minutes.',
    ],
    code,
  );
}

export function resetCodeMail(to: string, firstName: string, code: string): NewMail {
  return layout(
    to,
    `${code} is your Tracklane password reset code`,
    [
      `Hi ${firstName},`,
      'Someone (hopefully you) asked to reset the password of your Tracklane account. Enter this code to choose a new password. It is valid for 10 minutes.',
    ],
    code,
  );
}

export function alreadyRegisteredMail(to: string, firstName: string, publicUrl: string): NewMail {
  return layout(to, 'You already have a Tracklane account', [
    `Hi ${firstName},`,
    `Someone tried to create a Tracklane account with this address, but you already have one. Sign in at ${publicUrl}/auth/sign-in, or reset your password there if you have forgotten it.`,
  ]);
}

export function passwordChangedMail(to: string, firstName: string): NewMail {
  return layout(to, 'Your Tracklane password was changed', [
    `Hi ${firstName},`,
    'The password of your Tracklane account was just changed and every session was signed out. If this was not you, reset your password right away.',
  ]);
}

export function invitationMail(
  to: string,
  input: {
    inviterName: string;
    organizationName: string;
    workspaceNames: string[];
    hasAccount: boolean;
    publicUrl: string;
    /** The invitations this e-mail stands for: the link names them, so it can say if they were withdrawn. */
    invitationIds: string[];
  },
): NewMail {
  const spaces = input.workspaceNames.join(', ');
  const invitation = `invitation=${input.invitationIds.join(',')}`;
  const next = input.hasAccount
    ? `Sign in at ${input.publicUrl}/auth/sign-in?${invitation} to accept or decline it.`
    : `Create your account with this e-mail address at ${input.publicUrl}/auth/sign-up?email=${encodeURIComponent(to)}&${invitation} and the invitation will be waiting for you.`;
  return layout(to, `${input.inviterName} invited you to ${input.organizationName} on Tracklane`, [
    'Hi,',
    `${input.inviterName} invited you to join ${spaces} in ${input.organizationName} on Tracklane, where the team tracks its ocean and express shipments.`,
    next,
  ]);
}

/** A shipment (or several) shared with someone; without an account they are sent to sign up first. */
export function shareMail(
  to: string,
  input: {
    sharerName: string;
    /** Beside the name in the text: the name is whatever the sharer typed, the address is verified. */
    sharerEmail: string;
    numbers: string[];
    shipmentType: TrackingMode;
    hasAccount: boolean;
    publicUrl: string;
  },
): NewMail {
  const { noun: kind, site } = modePresentation(input.shipmentType);
  const listed = input.numbers.slice(0, 10).join(', ') + (input.numbers.length > 10 ? ', …' : '');
  const what =
    input.numbers.length === 1
      ? `the ${kind} ${listed}`
      : `${String(input.numbers.length)} ${kind}s (${listed})`;
  const next = input.hasAccount
    ? `See it at ${input.publicUrl}/shipment-history/${site}/shared-history with live tracking data.`
    : `Create your account with this e-mail address at ${input.publicUrl}/auth/sign-up?email=${encodeURIComponent(to)}; once you have verified it, you will find the shipment in your shared history.`;
  const sharer =
    input.sharerName && input.sharerName !== input.sharerEmail
      ? `${input.sharerName} (${input.sharerEmail})`
      : input.sharerEmail;
  // The subject carries nothing the sharer typed (their name is free text): only our words and numbers.
  const subject =
    input.numbers.length === 1
      ? `${kind[0]!.toUpperCase()}${kind.slice(1)} ${listed} was shared with you on Tracklane`
      : `${String(input.numbers.length)} shipments were shared with you on Tracklane`;
  return layout(to, subject, ['Hi,', `${sharer} shared ${what} with you on Tracklane.`, next]);
}
