import { eq } from 'drizzle-orm';
import { FEEDBACK_MESSAGES, type feedbackRequestSchema } from '@tracklane/shared/feedback/feedback.schema';
import {
  ATTACHMENT_MESSAGES,
  checkAttachment,
  sniffImageType,
} from '@tracklane/shared/validation/attachment';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { feedback } from '../../db/schema/feedback';
import { organizations, workspaces } from '../../db/schema/organizations';
import type { UserRow } from '../../db/schema/users';
import { queueMail, type MailAttachment } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { enforceRateLimits } from '../../lib/rate-limit';
import { withTransaction } from '../../lib/transaction';
import { loadTenant } from '../../tenancy/tenant';
import { feedbackText, sanitizeFeedbackHtml } from './feedback-html';
import { feedbackMail } from './feedback-mail';
import { theWorkspace } from '../../tenancy/scope';

/** Feedback a user may send in an hour: plenty for a person, a wall for a script. */
const FEEDBACK_PER_HOUR = 20;

type ParsedFeedback = z.output<typeof feedbackRequestSchema>;

const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' } as const;

/**
 * The name a file goes out under: the words of the sent name without its folders and extension
 * (letters, digits, `_`, joined by `-`) and the extension of what the bytes are, so a GIF named `invoice.html` reaches support as
 * `invoice.gif`; `image-N` where no word is left.
 */
export function attachmentFileName(sent: string, type: keyof typeof EXTENSION, position: number): string {
  const stem = sent
    .replace(/^.*[/\\]/, '')
    .replace(/\.[^.]*$/, '')
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean)
    .join('-')
    .slice(0, 60)
    .replace(/-$/, '');
  return `${stem || `image-${String(position)}`}.${EXTENSION[type]}`;
}

/** Decodes and checks each file by its bytes (spec §5): type from magic bytes, size after decoding. */
function decodeFiles(files: ParsedFeedback['files']): MailAttachment[] {
  const contentIds = new Set<string>();
  return files.map((file, index) => {
    const bytes = Buffer.from(file.content, 'base64');
    const refusal = checkAttachment(bytes);
    const type = sniffImageType(bytes);
    if (refusal || !type)
      throw new AppError('VALIDATION', `${refusal?.message ?? ATTACHMENT_MESSAGES.type}: ${file.filename}`);
    if (file.contentId !== undefined) {
      if (contentIds.has(file.contentId))
        throw new AppError('VALIDATION', `Two files share the content id ${file.contentId}`);
      contentIds.add(file.contentId);
    }
    // What the bytes are, not what the browser said: a PNG named .gif goes out as a PNG, named .png.
    return {
      filename: attachmentFileName(file.filename, type, index + 1),
      contentType: type,
      content: bytes,
      disposition: file.disposition,
      contentId: file.contentId,
    };
  });
}

/**
 * spec §7 POST /api/feedback: checks the files on their decoded bytes, sanitises the HTML, stores the
 * feedback with the user, their workspace and page, and e-mails it to SUPPORT_EMAIL through the
 * outbox, in one transaction.
 */
export async function submitFeedback(
  ctx: AppContext,
  sender: { user: UserRow; workspaceId: string | null },
  parsed: ParsedFeedback,
): Promise<{ success: boolean }> {
  await enforceRateLimits(ctx.db, [
    { key: `feedback:user:${sender.user.id}`, limit: FEEDBACK_PER_HOUR, windowSeconds: 3600 },
  ]);
  const files = decodeFiles(parsed.files);
  const inlineIds = new Set(
    files.filter((f) => f.disposition === 'inline' && f.contentId).map((f) => f.contentId!),
  );
  const html = sanitizeFeedbackHtml(parsed.content, inlineIds);
  const text = feedbackText(html);
  if (text.length === 0 && !/<img\b/i.test(html)) throw new AppError('VALIDATION', FEEDBACK_MESSAGES.empty);

  // The workspace the session works in, if the user still belongs to it.
  const tenant = sender.workspaceId ? await loadTenant(ctx.db, sender.user.id, sender.workspaceId) : null;
  const [place] = tenant
    ? await ctx.db
        .select({ organizationName: organizations.name, workspaceName: workspaces.name })
        .from(workspaces)
        .innerJoin(organizations, eq(organizations.id, workspaces.organizationId))
        .where(theWorkspace(tenant))
    : [];
  const pageUrl = parsed.pageUrl && parsed.pageUrl.startsWith('/') ? parsed.pageUrl : null;

  await withTransaction(ctx.pool, async (t) => {
    const supportEmail = ctx.config.supportEmail;
    const mailId = supportEmail
      ? await queueMail(
          t,
          ctx.jobs,
          feedbackMail({
            to: supportEmail,
            category: parsed.category,
            html,
            text,
            from: { name: `${sender.user.firstName} ${sender.user.lastName}`, email: sender.user.email },
            organizationName: place?.organizationName ?? null,
            workspaceName: place?.workspaceName ?? null,
            pageUrl,
            publicUrl: ctx.config.publicUrl,
            attachments: files,
          }),
        )
      : null;
    await t.tx.insert(feedback).values({
      userId: sender.user.id,
      userEmail: sender.user.email,
      organizationId: tenant?.organizationId ?? null,
      workspaceId: tenant?.workspaceId ?? null,
      category: parsed.category,
      content: html,
      pageUrl,
      attachments: files.map((f) => ({
        filename: f.filename,
        contentType: f.contentType,
        bytes: f.content.byteLength,
        disposition: f.disposition,
      })),
      mailId,
    });
  });
  if (!ctx.config.supportEmail)
    ctx.logger.info(
      { userId: sender.user.id },
      'feedback stored; SUPPORT_EMAIL is not set, so it was not e-mailed',
    );
  return { success: true };
}
