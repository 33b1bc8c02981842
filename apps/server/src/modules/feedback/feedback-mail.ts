import { FEEDBACK_CATEGORY_LABEL, type FeedbackCategory } from '@tracklane/shared/feedback/feedback.schema';
import type { MailAttachment, NewMail } from '../../integrations/mail/mailer';
import { escapeHtml, oneLine } from '../../integrations/mail/mail-text';

export interface FeedbackMailInput {
  to: string;
  category: FeedbackCategory;
  /** Sanitised HTML. */
  html: string;
  text: string;
  from: { name: string; email: string };
  organizationName: string | null;
  workspaceName: string | null;
  pageUrl: string | null;
  publicUrl: string;
  attachments: MailAttachment[];
}

/** The e-mail support receives: who wrote, from where, what they wrote, their images. Replies go to them. */
export function feedbackMail(input: FeedbackMailInput): NewMail {
  const category = FEEDBACK_CATEGORY_LABEL[input.category];
  const name = oneLine(input.from.name);
  // The facts are one line each in the text: none of the sender's values may start another.
  const facts: [string, string][] = (
    [
      ['From', `${name} <${input.from.email}>`],
      ['Category', category],
      ['Organization', input.organizationName ?? '—'],
      ['Workspace', input.workspaceName ?? '—'],
      ['Page', input.pageUrl ? `${input.publicUrl}${input.pageUrl}` : '—'],
    ] as const
  ).map(([k, v]) => [k, oneLine(v)]);
  const attached = input.attachments.filter((a) => a.disposition === 'attachment');
  const attachedNames = attached.map((a) => oneLine(a.filename));
  const rows = facts
    .map(
      ([k, v]) =>
        `<tr><td style="padding:2px 16px 2px 0;color:#66788a;white-space:nowrap">${k}</td><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f8;padding:32px 16px;font:15px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" style="max-width:640px;margin:0 auto;background:#fff;border-radius:8px;border:1px solid #e3e8ee">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e3e8ee;font-weight:700;font-size:17px;color:#0b3954">Tracklane feedback</td></tr>
<tr><td style="padding:20px 28px;border-bottom:1px solid #e3e8ee"><table role="presentation" style="font-size:14px">${rows}</table></td></tr>
<tr><td style="padding:20px 28px">${input.html}</td></tr>
${attached.length ? `<tr><td style="padding:0 28px 20px;color:#66788a;font-size:13px">Attached: ${attachedNames.map(escapeHtml).join(', ')}</td></tr>` : ''}
</table></body></html>`;
  const text = `${facts.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${input.text}${
    attached.length ? `\n\nAttached: ${attachedNames.join(', ')}` : ''
  }\n`;
  return {
    to: input.to,
    replyTo: input.from.email,
    subject: `[Feedback] ${category} from ${name}`,
    html,
    text,
    attachments: input.attachments,
  };
}
