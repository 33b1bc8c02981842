import { asc, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { mailAttachments, mailOutbox } from '../../db/schema/mail';
import { QUEUES, type JobQueue, type MailDeliverJob } from '../../jobs/queue';
import type { Transaction } from '../../lib/transaction';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** `inline`: an image the HTML shows as `<img src="cid:{contentId}">`. */
  disposition: 'inline' | 'attachment';
  contentId?: string | undefined;
}

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender. */
  replyTo?: string | undefined;
  /** Extra headers, e.g. a reply's In-Reply-To, References and Auto-Submitted. */
  headers?: Record<string, string> | undefined;
  attachments?: MailAttachment[];
}

/**
 * Writes the message (and its files) to the outbox and enqueues its delivery, all inside the caller's
 * transaction. Returns the outbox id.
 */
export async function queueMail({ tx, client }: Transaction, jobs: JobQueue, mail: NewMail): Promise<string> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      headers: mail.headers ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
    .returning({ id: mailOutbox.id });
  const outboxId = row!.id;
  if (mail.attachments?.length) {
    await tx.insert(mailAttachments).values(
      mail.attachments.map((a, position) => ({
        outboxId,
        position,
        filename: a.filename,
        contentType: a.contentType,
        disposition: a.disposition,
        contentId: a.contentId ?? null,
        content: a.content,
      })),
    );
  }
  await jobs.send(QUEUES.mailDeliver, { outboxId } satisfies MailDeliverJob, { client });
  return outboxId;
}

export interface MailDelivery {
  deliver(outboxId: string): Promise<void>;
  close(): void;
}

/**
 * Delivers outbox messages: over SMTP when `SMTP_URL` is set, otherwise into the development mailbox
 * (the outbox row itself, readable at /dev/mailbox) with the message printed to the log.
 * A failure throws, so pg-boss retries with backoff; nothing is lost while SMTP is down.
 */
export function createMailDelivery(options: {
  db: Database;
  smtpUrl?: string | undefined;
  from: string;
  logger: Logger;
}): MailDelivery {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async deliver(outboxId) {
      const [mail] = await options.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)).limit(1);
      if (!mail || mail.deliveredAt) return;
      await options.db
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, outboxId));
      try {
        if (transport) {
          const files = await options.db
            .select()
            .from(mailAttachments)
            .where(eq(mailAttachments.outboxId, outboxId))
            .orderBy(asc(mailAttachments.position));
          await transport.sendMail({
            from: options.from,
            to: mail.toAddress,
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            ...(mail.headers ? { headers: mail.headers } : {}),
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: files.map((f) => ({
              filename: f.filename,
              contentType: f.contentType,
              content: f.content,
              contentDisposition: f.disposition,
              ...(f.contentId ? { cid: f.contentId } : {}),
            })),
          });
        } else {
          options.logger.info(
            { to: mail.toAddress, subject: mail.subject },
            `dev mailbox: ${mail.subject}\n${mail.text}`,
          );
        }
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        await options.db
          .update(mailOutbox)
          .set({ lastError: message.slice(0, 500) })
          .where(eq(mailOutbox.id, outboxId));
        throw err;
      }
      await options.db
        .update(mailOutbox)
        .set({ deliveredAt: new Date(), transport: transport ? 'smtp' : 'dev', lastError: null })
        .where(eq(mailOutbox.id, outboxId));
    },
    close() {
      transport?.close();
    },
  };
}

/** Runs the delivery worker in this process. */
export async function startMailWorker(jobs: JobQueue, delivery: MailDelivery): Promise<void> {
  await jobs.boss.work<MailDeliverJob>(QUEUES.mailDeliver, { pollingIntervalSeconds: 1 }, async (batch) => {
    for (const job of batch) await delivery.deliver(job.data.outboxId);
  });
}
