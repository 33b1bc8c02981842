import { desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { FEEDBACK_ATTACHMENT_MAX_BYTES } from '@tracklane/shared/constants';
import { feedback } from '../src/db/schema/feedback';
import { mailAttachments, mailOutbox } from '../src/db/schema/mail';
import { freePort } from '../src/db/embedded';
import { createMailDelivery } from '../src/integrations/mail/mailer';
import { useTestApp } from './app';
import { buildTeam } from './factories';

const SUPPORT = 'support@tracklane.example';
const { app, ctx } = await useTestApp({ supportEmail: SUPPORT });

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file of exactly `size` bytes that starts like a PNG. */
function png(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(PNG_SIGNATURE).copy(bytes);
  return bytes;
}
const gif = () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const file = (
  bytes: Buffer,
  filename: string,
  type = 'image/png',
  extra: { disposition?: 'inline' | 'attachment'; contentId?: string } = {},
) => ({
  content: bytes.toString('base64'),
  type,
  filename,
  disposition: extra.disposition ?? 'attachment',
  ...(extra.contentId ? { contentId: extra.contentId } : {}),
});

const send = (cookie: string | null, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: cookie ? { cookie } : {},
    payload,
  });

async function latestFeedbackOf(userId: string) {
  const [row] = await ctx.db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, userId))
    .orderBy(desc(feedback.createdAt))
    .limit(1);
  return row;
}

describe('POST /api/feedback', () => {
  it('stores the feedback with the user, workspace and page, and queues the e-mail to support', async () => {
    const team = await buildTeam(app, ctx);
    const res = await send(team.owner.cookie, {
      category: 'bug',
      content: '<p>The <strong>map</strong> is empty</p>',
      files: [file(png(2048), 'map.png')],
      pageUrl: '/dashboard/ocean',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      result: { success: true },
      message: 'Your Feedback has been sent',
    });
    const row = await latestFeedbackOf(team.owner.userId);
    expect(row).toMatchObject({
      category: 'bug',
      content: '<p>The <strong>map</strong> is empty</p>',
      pageUrl: '/dashboard/ocean',
      organizationId: team.organizationId,
      workspaceId: team.defaultWorkspaceId,
      userEmail: team.owner.email,
      attachments: [
        { filename: 'map.png', contentType: 'image/png', bytes: 2048, disposition: 'attachment' },
      ],
    });
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.mailId!));
    expect(mail).toMatchObject({ toAddress: SUPPORT, replyTo: team.owner.email });
    expect(mail!.text).toContain('The map is empty');
    expect(mail!.text).toContain('Page: http');
  });

  it('takes 5,000,000 bytes and refuses 5,000,001', async () => {
    const team = await buildTeam(app, ctx);
    const atLimit = await send(team.owner.cookie, {
      category: 'other',
      content: '<p>big</p>',
      files: [file(png(FEEDBACK_ATTACHMENT_MAX_BYTES), 'exact.png')],
    });
    expect(atLimit.statusCode).toBe(200);
    const over = await send(team.owner.cookie, {
      category: 'other',
      content: '<p>bigger</p>',
      files: [file(png(FEEDBACK_ATTACHMENT_MAX_BYTES + 1), 'over.png')],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('File too large: over.png');
  });

  it('takes three files (three at the limit fit the route body) and refuses four', async () => {
    const team = await buildTeam(app, ctx);
    const big = png(FEEDBACK_ATTACHMENT_MAX_BYTES);
    const three = await send(team.owner.cookie, {
      category: 'idea',
      content: '<p>three</p>',
      files: [file(big, 'a.png'), file(big, 'b.png'), file(big, 'c.png')],
    });
    expect(three.statusCode).toBe(200);
    const four = await send(team.owner.cookie, {
      category: 'idea',
      content: '<p>four</p>',
      files: [
        file(gif(), 'a.gif', 'image/gif'),
        file(gif(), 'b.gif', 'image/gif'),
        file(gif(), 'c.gif', 'image/gif'),
        file(gif(), 'd.gif', 'image/gif'),
      ],
    });
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe('You can attach at most 3 files');
    expect((await latestFeedbackOf(team.owner.userId))!.content).toBe('<p>three</p>');
  });

  it('judges a file by its bytes: a PNG named .gif is welcome, HTML named .png is not', async () => {
    const team = await buildTeam(app, ctx);
    const disguised = await send(team.owner.cookie, {
      category: 'bug',
      content: '<p>png as gif</p>',
      files: [file(png(100), 'screen.gif', 'image/gif')],
    });
    expect(disguised.statusCode).toBe(200);
    expect((await latestFeedbackOf(team.owner.userId))!.attachments).toEqual([
      { filename: 'screen.png', contentType: 'image/png', bytes: 100, disposition: 'attachment' },
    ]);
    const html = await send(team.owner.cookie, {
      category: 'bug',
      content: '<p>html as png</p>',
      files: [file(Buffer.from('<!doctype html><script>alert(1)</script>'), 'evil.png')],
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe('File type not supported: evil.png');
    const pdf = await send(team.owner.cookie, {
      category: 'bug',
      content: '<p>pdf</p>',
      files: [file(Buffer.from('%PDF-1.7'), 'doc.pdf', 'application/pdf')],
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('File type not supported');
  });

  it('sanitises the HTML: scripts, handlers and javascript: links go, the words stay', async () => {
    const team = await buildTeam(app, ctx);
    const res = await send(team.owner.cookie, {
      category: 'bug',
      content:
        '<p onclick="steal()">Hello<script>alert("x")</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">link</a><a href="https://example.com/a">ok</a><style>p{}</style>',
    });
    expect(res.statusCode).toBe(200);
    const row = await latestFeedbackOf(team.owner.userId);
    expect(row!.content).toBe(
      '<p>Hello</p><a rel="noopener noreferrer">link</a><a href="https://example.com/a" rel="noopener noreferrer">ok</a>',
    );
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.mailId!));
    expect(mail!.html).not.toMatch(/script|onerror|onclick|javascript:/i);
  });

  it('refuses empty feedback, a missing category and anonymous callers', async () => {
    const team = await buildTeam(app, ctx);
    const empty = await send(team.owner.cookie, { category: 'bug', content: '<p><br></p>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write your feedback before sending it');
    const blank = await send(team.owner.cookie, { category: 'bug', content: '   ' });
    expect(blank.json().message).toBe('Write your feedback before sending it');
    const onlyScript = await send(team.owner.cookie, { category: 'bug', content: '<script>x()</script>' });
    expect(onlyScript.statusCode).toBe(400);
    const noCategory = await send(team.owner.cookie, { content: '<p>hi</p>' });
    expect(noCategory.statusCode).toBe(400);
    const anonymous = await send(null, { category: 'bug', content: '<p>hi</p>' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes the large body on this route only', async () => {
    const team = await buildTeam(app, ctx);
    const tooBig = await send(team.owner.cookie, {
      category: 'bug',
      content: '<p>x</p>',
      files: [file(png(10), 'a.png')],
      pageUrl: `/${'a'.repeat(25_000_000)}`,
    });
    expect(tooBig.statusCode).toBe(413);
    const elsewhere = await app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: { cookie: team.owner.cookie },
      payload: { firstName: 'A'.repeat(2_000_000), lastName: 'B', timeZone: 'UTC' },
    });
    expect(elsewhere.statusCode).toBe(413);
  });
});

describe('the support e-mail', () => {
  const received: { to: string; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    size: 40 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('names each file from its detected type: support never receives invoice.html', async () => {
    const team = await buildTeam(app, ctx);
    const res = await send(team.owner.cookie, {
      category: 'bug',
      content: '<p>names</p>',
      files: [
        file(gif(), 'invoice.html', 'image/gif'),
        file(png(64), '../../etc/passwd X-Evil: 1', 'image/png'),
        file(gif(), '.htaccess', 'image/gif'),
      ],
    });
    expect(res.statusCode).toBe(200);
    const row = await latestFeedbackOf(team.owner.userId);
    expect(row!.attachments.map((a: { filename: string }) => a.filename)).toEqual([
      'invoice.gif',
      'passwd-X-Evil-1.png',
      'image-3.gif',
    ]);
    const stored = await ctx.db
      .select()
      .from(mailAttachments)
      .where(eq(mailAttachments.outboxId, row!.mailId!));
    expect(stored.map((a) => a.filename).sort()).toEqual([
      'image-3.gif',
      'invoice.gif',
      'passwd-X-Evil-1.png',
    ]);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.mailId!));
    expect(mail!.text).toContain('Attached: invoice.gif, passwd-X-Evil-1.png, image-3.gif');
    expect(mail!.text).not.toContain('html');
  });

  it('arrives over SMTP with its attachments and inline image', async () => {
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    const team = await buildTeam(app, ctx);
    const inline = png(300);
    const res = await send(team.owner.cookie, {
      category: 'question',
      content:
        '<p>Look here:</p><img src="cid:shot-1@feedback" alt="screenshot"><img src="https://evil.example/x.png">',
      files: [
        file(inline, 'inline.png', 'image/png', { disposition: 'inline', contentId: 'shot-1@feedback' }),
        file(gif(), 'tiny.gif', 'image/gif'),
      ],
    });
    expect(res.statusCode).toBe(200);
    const row = await latestFeedbackOf(team.owner.userId);
    expect(row!.content).toBe('<p>Look here:</p><img src="cid:shot-1@feedback" alt="screenshot" />');
    expect(
      await ctx.db.select().from(mailAttachments).where(eq(mailAttachments.outboxId, row!.mailId!)),
    ).toHaveLength(2);

    const delivery = createMailDelivery({
      db: ctx.db,
      smtpUrl: `smtp://127.0.0.1:${String(port)}`,
      from: 'Tracklane <no-reply@example.com>',
      logger: ctx.logger,
    });
    await delivery.deliver(row!.mailId!);
    delivery.close();
    const message = received.find((m) => m.to === SUPPORT && m.raw.includes('tiny.gif'));
    expect(message).toBeDefined();
    const raw = message!.raw;
    expect(raw).toMatch(/^Reply-To: .*$/m);
    expect(raw).toContain(team.owner.email);
    expect(raw).toMatch(/Subject: \[Feedback\] Question from Grace Hopper/);
    expect(raw).toMatch(/Content-Type: image\/gif; name=tiny\.gif/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=tiny\.gif/);
    expect(raw).toMatch(/Content-ID: <shot-1@feedback>/);
    expect(raw).toMatch(/Content-Disposition: inline; filename=inline\.png/);
    expect(raw).toContain(gif().toString('base64'));
    expect(raw).toContain('src=3D"cid:shot-1@feedback"');
  });
});
