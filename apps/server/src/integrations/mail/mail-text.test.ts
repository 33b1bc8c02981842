import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedbackMail } from '../../modules/feedback/feedback-mail';
import { alertMail } from './alert-template';
import { digestMail } from './digest-template';
import type { NewMail } from './mailer';
import { invitationMail, passwordChangedMail, shareMail } from './templates';
import { webhookDisabledMail } from './webhook-template';

/*
 * Values from users (names, workspace and rule names, file names) may hold a line break that slipped
 * past validation, or that was stored before names refused them. A mail body never lets one start a
 * line of its own: "Hi Eve\r\nBcc: …" would read as a header-like line in the plain text.
 */

const FORGED = 'Forged: line';
const BREAKS = ['\r\n', '\n', '\r', '\u2028', '\u2029', '\u0085', '\u000b', '\u000c'];
const evil = (name: string) => BREAKS.map((b) => `${name}${b}${FORGED}`);

/** Every mail a user's value reaches, with `value` in each such place. */
function mailsWith(value: string): NewMail[] {
  return [
    passwordChangedMail('a@example.com', value),
    invitationMail('a@example.com', {
      inviterName: value,
      organizationName: value,
      workspaceNames: [value, value],
      hasAccount: false,
      publicUrl: 'https://tracklane.example',
      invitationIds: ['0b7c1e2a-0000-4000-8000-000000000001'],
    }),
    shareMail('a@example.com', {
      sharerName: value,
      sharerEmail: 'sharer@example.com',
      numbers: ['MSCU1234566'],
      shipmentType: 'ocean',
      hasAccount: true,
      publicUrl: 'https://tracklane.example',
    }),
    webhookDisabledMail('a@example.com', {
      firstName: value,
      workspaceName: value,
      url: 'https://hooks.example.com',
      reason: 'it failed',
      settingsUrl: 'https://tracklane.example/settings',
    }),
    alertMail({ to: 'a@example.com', ruleName: value, text: 'Rolled', workspaceName: value, shipment: 'X' }),
    digestMail({
      to: 'a@example.com',
      firstName: value,
      timeZone: 'UTC',
      publicUrl: 'https://tracklane.example',
      entries: [],
      total: 0,
    }),
    feedbackMail({
      to: 'support@example.com',
      category: 'bug',
      html: '<p>Hello</p>',
      text: 'Hello',
      from: { name: value, email: 'eve@example.com' },
      organizationName: value,
      workspaceName: value,
      pageUrl: '/ocean',
      publicUrl: 'https://tracklane.example',
      attachments: [
        { filename: value, contentType: 'image/png', content: Buffer.from(''), disposition: 'attachment' },
      ],
    }),
  ];
}

// eslint-disable-next-line no-control-regex -- the breaks a mail reader may honour
const lines = (text: string) => text.split(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/);

describe('user values in mail bodies stay on their line', () => {
  it.each(evil('Eve'))('%j', (value) => {
    for (const mail of mailsWith(value)) {
      for (const line of lines(mail.text)) expect(line.startsWith(FORGED), mail.subject).toBe(false);
      expect(lines(mail.subject)).toHaveLength(1);
    }
  });

  it('no control character of any value reaches the text or the subject', () => {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
    const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        for (const mail of mailsWith(value)) {
          expect(control.test(mail.text)).toBe(false);
          expect(control.test(mail.subject) || /[\r\n\t]/.test(mail.subject)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
