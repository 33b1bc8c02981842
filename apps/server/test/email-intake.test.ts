import net from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { shipmentDocuments } from '../src/db/schema/documents';
import { emailIntakeAddresses } from '../src/db/schema/email-intake';
import { mailOutbox } from '../src/db/schema/mail';
import { organizations } from '../src/db/schema/organizations';
import { extractNumbers } from '../src/modules/email-intake/extract-numbers';
import { receiveMessage } from '../src/modules/email-intake/email-intake.service';
import { signInbound } from '../src/modules/email-intake/email-intake.routes';
import { startSmtpListener } from '../src/modules/email-intake/smtp-listener';
import { buildApp } from '../src/app';
import { useTestApp } from './app';
import { opened } from './sockets';
import type { Account } from './auth-helpers';
import { addMember, buildTeam, containerNo, mbl, type Team } from './factories';

const DOMAIN = 'in.tracklane.test';
const SECRET = 's'.repeat(40);
const { app, ctx } = await useTestApp({ inboundEmail: { domain: DOMAIN, smtpPort: null, secret: SECRET } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const sockets: WebSocket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

const UPS = '1Z5R89390357567127';

async function intakeAddressOf(team: Team): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/email-intake',
    headers: { cookie: team.owner.cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().result.address as string;
}

function compose(options: ConstructorParameters<typeof MailComposer>[0]): Promise<Buffer> {
  return new MailComposer({
    messageId: `<${Math.random().toString(36).slice(2)}@sender.example>`,
    ...options,
  })
    .compile()
    .build();
}

/** A one-page PDF whose text is `lines`, with a correct cross-reference table. */
function pdfWithText(lines: string[]): Buffer {
  const content = `BT /F1 11 Tf 50 750 Td 14 TL ${lines.map((l) => `(${l}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${String(content.length)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${String(i + 1)} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${String(objects.length + 1)}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${String(objects.length + 1)} /Root 1 0 R >>\nstartxref\n${String(xref)}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

async function repliesTo(email: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, 'Re: %')));
}

describe('finding numbers', () => {
  it('reads a Maersk-style booking confirmation table and ignores wrong check digits', () => {
    const good = containerNo('MSKU');
    const bad = `${good.slice(0, 10)}${String((Number(good[10]) + 1) % 10)}`;
    const html = `<p>Booking Confirmation</p><table><tr><th>Booking No.</th><th>B/L No.</th></tr>
      <tr><td>241100123</td><td>MAEU241100123</td></tr></table>
      <table><tr><td>Container</td><td>${good}</td><td>40' HC</td></tr><tr><td>${bad}</td></tr></table>`;
    const found = extractNumbers(html.replace(/<[^>]+>/g, ' '));
    expect(found.containers).toEqual([good]);
    expect(found.invalidContainers.map((c) => c.value)).toEqual([bad]);
    expect(found.bills).toContain('MAEU241100123');
  });
});

describe('e-mail intake', () => {
  it('adds the containers of a booking confirmation table as the sending member, and replies', async () => {
    const team = await buildTeam(app, ctx);
    const to = await intakeAddressOf(team);
    expect(to).toMatch(new RegExp(`^track\\+[a-f0-9]{32}@${DOMAIN.replace(/\./g, '\\.')}$`));
    const box = containerNo('MSKU');
    const bill = mbl();
    const raw = await compose({
      from: team.owner.email,
      to,
      subject: 'Booking Confirmation : 241100123',
      html: `<p>Maersk booking confirmation</p><table><tr><td>B/L No.</td><td>${bill}</td></tr>
        <tr><td>Equipment</td><td>${box}</td></tr></table>`,
    });
    const outcome = await receiveMessage(ctx, raw);
    expect(outcome).toMatchObject({ status: 'processed', workspaceId: team.defaultWorkspaceId });
    expect(outcome.status === 'processed' && outcome.rows).toEqual([
      {
        mode: 'ocean',
        number: box,
        outcome: 'created',
        message: null,
        shipmentId: expect.any(String),
        reference: bill,
      },
    ]);
    const [reply] = await repliesTo(team.owner.email);
    expect(reply!.text).toContain(`Added:\n- ${box}`);
    expect(reply!.headers).toMatchObject({
      'Auto-Submitted': 'auto-replied',
      'In-Reply-To': expect.any(String),
    });
    // The same message again: already tracked.
    const again = await receiveMessage(ctx, raw);
    expect(again.status === 'processed' && again.rows[0]!.outcome).toBe('already_tracked');
  });

  it('reads a forwarded chain and a PDF attachment, and a parcel notification', async () => {
    const team = await buildTeam(app, ctx);
    const to = await intakeAddressOf(team);
    const inPdf = containerNo('TGHU');
    const bill = mbl();
    const raw = await compose({
      from: team.owner.email,
      to,
      subject: 'Fwd: Arrival notice',
      text: `FYI\n\n---------- Forwarded message ---------\nFrom: Forwarder <ops@forwarder.example>\nSubject: Arrival notice\n\n> MBL: ${bill}\n> Your parcel is on its way. Tracking number: ${UPS}\n`,
      attachments: [
        { filename: 'Arrival notice.pdf', content: pdfWithText(['ARRIVAL NOTICE', `Container ${inPdf}`]) },
        { filename: 'setup.exe', content: Buffer.from('MZ\x90\x00 not a document', 'latin1') },
      ],
    });
    const outcome = await receiveMessage(ctx, raw);
    expect(outcome.status).toBe('processed');
    const rows = outcome.status === 'processed' ? outcome.rows : [];
    expect(rows).toContainEqual(
      expect.objectContaining({ mode: 'ocean', number: inPdf, outcome: 'created', message: null }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ mode: 'express', number: UPS, outcome: 'created', message: null }),
    );
    // The message and its PDF are kept with each shipment it added; the program is not, and says so.
    const kept = await ctx.db
      .select({
        mode: shipmentDocuments.mode,
        filename: shipmentDocuments.filename,
        type: shipmentDocuments.type,
      })
      .from(shipmentDocuments)
      .where(eq(shipmentDocuments.workspaceId, team.defaultWorkspaceId));
    for (const mode of ['ocean', 'express'])
      expect(
        kept.filter((d) => d.mode === mode).sort((a, b) => a.filename.localeCompare(b.filename)),
      ).toEqual([
        { mode, filename: 'Arrival notice.pdf', type: 'arrival_notice' },
        { mode, filename: 'Fwd Arrival notice.eml', type: 'other' },
      ]);
    expect(rows).toContainEqual(
      expect.objectContaining({
        number: 'setup.exe',
        outcome: 'refused',
        message: expect.stringMatching(/^Not kept as a document: /),
      }),
    );
  });

  it('drops a non-member without a reply and counts it; never answers an auto-reply', async () => {
    const team = await buildTeam(app, ctx);
    const to = await intakeAddressOf(team);
    const stranger = `stranger-${String(Date.now())}@elsewhere.example`;
    const dropped = await receiveMessage(
      ctx,
      await compose({ from: stranger, to, subject: 'x', text: containerNo() }),
    );
    expect(dropped).toEqual({ status: 'dropped', reason: 'sender not allowed' });
    expect(await repliesTo(stranger)).toEqual([]);
    const [row] = await ctx.db
      .select()
      .from(emailIntakeAddresses)
      .where(eq(emailIntakeAddresses.workspaceId, team.defaultWorkspaceId));
    expect(row!.droppedCount).toBe(1);

    const auto = await compose({
      from: team.owner.email,
      to,
      subject: 'Out of office',
      text: containerNo(),
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect(await receiveMessage(ctx, auto)).toMatchObject({ status: 'dropped' });
    const listMail = await compose({
      from: team.owner.email,
      to,
      subject: 'x',
      text: 'x',
      headers: { 'List-Id': '<a.b>' },
    });
    expect(await receiveMessage(ctx, listMail)).toMatchObject({ status: 'dropped' });
    expect(await repliesTo(team.owner.email)).toEqual([]);
  });

  it('refuses a view-only member and accepts an allowed address as the owner', async () => {
    const team = await buildTeam(app, ctx);
    const to = await intakeAddressOf(team);
    const viewer = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const refused = await receiveMessage(
      ctx,
      await compose({ from: viewer.email, to, subject: 'x', text: containerNo() }),
    );
    expect(refused.status === 'processed' && refused.rows[0]!.outcome).toBe('refused');

    const put = await app.inject({
      method: 'PUT',
      url: '/api/email-intake/senders',
      headers: { cookie: viewer.cookie },
      payload: { emails: ['ops@forwarder.example'] },
    });
    expect(put.statusCode).toBe(403);
    const ok = await app.inject({
      method: 'PUT',
      url: '/api/email-intake/senders',
      headers: { cookie: team.owner.cookie },
      payload: { emails: ['Ops@Forwarder.example'] },
    });
    expect(ok.json().result.allowedSenders).toEqual(['ops@forwarder.example']);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/email-intake/senders',
      headers: { cookie: team.owner.cookie },
      payload: { emails: ['not an address'] },
    });
    expect(bad.statusCode).toBe(400);
    const box = containerNo();
    const added = await receiveMessage(
      ctx,
      await compose({
        from: 'ops@forwarder.example',
        to,
        subject: 'x',
        text: `BL ${mbl()} container ${box}`,
      }),
    );
    expect(added.status === 'processed' && added.rows[0]).toMatchObject({ number: box, outcome: 'created' });
  });

  it('reports per row when the quota runs out mid-message', async () => {
    const team = await buildTeam(app, ctx);
    await ctx.db
      .update(organizations)
      .set({ shipmentQuota: 1 })
      .where(eq(organizations.id, team.organizationId));
    const to = await intakeAddressOf(team);
    const [a, b] = [containerNo(), containerNo()];
    const outcome = await receiveMessage(
      ctx,
      await compose({ from: team.owner.email, to, subject: 'two', text: `B/L: ${mbl()}\n${a}\n${b}` }),
    );
    const rows = outcome.status === 'processed' ? outcome.rows : [];
    expect(rows.map((r) => r.outcome)).toEqual(['created', 'refused']);
    const [reply] = await repliesTo(team.owner.email);
    expect(reply!.text).toContain(`Not added:\n- ${b}: ${rows[1]!.message!}`);
  });

  it('never lets another workspace’s token reach this one; a rotated token stops working', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const theirAddress = await intakeAddressOf(theirs);
    const outcome = await receiveMessage(
      ctx,
      await compose({ from: mine.owner.email, to: theirAddress, subject: 'x', text: containerNo() }),
    );
    expect(outcome).toEqual({ status: 'dropped', reason: 'sender not allowed' });
    const rotated = await app.inject({
      method: 'POST',
      url: '/api/email-intake/rotate',
      headers: { cookie: mine.owner.cookie },
    });
    const old = await intakeAddressOf(mine);
    expect(rotated.statusCode).toBe(200);
    const before = old;
    await app.inject({
      method: 'POST',
      url: '/api/email-intake/rotate',
      headers: { cookie: mine.owner.cookie },
    });
    expect(await intakeAddressOf(mine)).not.toBe(before);
    expect(
      await receiveMessage(
        ctx,
        await compose({ from: mine.owner.email, to: before, subject: 'x', text: containerNo() }),
      ),
    ).toEqual({ status: 'dropped', reason: 'no intake address' });
  });

  it('checks the HTTP endpoint’s signature and refuses replays', async () => {
    const team = await buildTeam(app, ctx);
    const to = await intakeAddressOf(team);
    const raw = await compose({
      from: team.owner.email,
      to,
      subject: 'http',
      text: `BL ${mbl()} ${containerNo()}`,
    });
    const post = (timestamp: string, signature: string) =>
      app.inject({
        method: 'POST',
        url: '/api/inbound/email',
        headers: {
          'content-type': 'message/rfc822',
          'x-tracklane-timestamp': timestamp,
          'x-tracklane-signature': signature,
        },
        payload: raw,
      });
    const now = String(Math.floor(Date.now() / 1000));
    expect((await post(now, signInbound('w'.repeat(40), now, raw))).statusCode).toBe(401);
    const old = String(Math.floor(Date.now() / 1000) - 3600);
    expect((await post(old, signInbound(SECRET, old, raw))).statusCode).toBe(401);
    const good = await post(now, signInbound(SECRET, now, raw));
    expect(good.statusCode).toBe(200);
    expect(good.json().result).toEqual({ status: 'processed' });
    expect((await post(now, signInbound(SECRET, now, raw))).statusCode).toBe(401);
  });

  it('receives over SMTP end to end, refusing unknown recipients', async () => {
    const team = await buildTeam(app, ctx);
    const to = await intakeAddressOf(team);
    const box = containerNo();
    const raw = await compose({
      from: team.owner.email,
      to,
      subject: 'smtp',
      text: `B/L ${mbl()}\r\n${box}`,
    });
    const smtp = await startSmtpListener(ctx, 0, '127.0.0.1');
    try {
      const transcript = await smtpSession(smtp.port, [
        'EHLO test.example',
        `MAIL FROM:<${team.owner.email}>`,
        `RCPT TO:<track+${'0'.repeat(32)}@${DOMAIN}>`,
        `RCPT TO:<${to}>`,
        'DATA',
        `${raw.toString('utf8').replace(/\r?\n\./g, '\r\n..')}\r\n.`,
        'QUIT',
      ]);
      expect(transcript[3]).toMatch(/^550/);
      expect(transcript[4]).toMatch(/^250/);
      expect(transcript[6]).toMatch(/^250/);
    } finally {
      await smtp.close();
    }
    const [reply] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, team.owner.email), like(mailOutbox.text, `%${box}%`)));
    expect(reply!.subject).toBe('Re: smtp');
  });
});

/** Sends each command after the previous reply; returns the replies (the greeting first). */
function smtpSession(port: number, commands: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const replies: string[] = [];
    let buffer = '';
    let next = 0;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      // A complete reply ends with a line "NNN text" (no dash after the code).
      while (/(^|\r\n)\d{3} [^\r\n]*\r\n/.test(buffer)) {
        const m = /(^|\r\n)(\d{3}) [^\r\n]*\r\n/.exec(buffer)!;
        const end = m.index + m[0].length;
        replies.push(buffer.slice(0, end).trim().split('\r\n').pop()!);
        buffer = buffer.slice(end);
        if (next < commands.length) socket.write(`${commands[next++]!}\r\n`);
        else socket.end();
      }
    });
    socket.on('close', () => resolve(replies));
    socket.on('error', reject);
  });
}

const settingsOf = (account: Account, query = '') =>
  app.inject({ method: 'GET', url: `/api/email-intake${query}`, headers: { cookie: account.cookie } });

/** The workspace messages a socket of `account` hears after following its workspace. */
async function workspaceMessages(account: Account, workspaceId: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${String(port)}/api/ws/events?userId=${account.userId}`, {
    headers: { cookie: account.cookie },
  });
  sockets.push(socket);
  const heard: Record<string, unknown>[] = [];
  socket.on('message', (data: Buffer) => heard.push(JSON.parse(data.toString())));
  await opened(socket);
  socket.send(JSON.stringify({ type: 'follow', workspaceId, shipmentId: null }));
  const until = async (match: (m: Record<string, unknown>) => boolean) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const at = heard.findIndex(match);
      if (at >= 0) return heard.splice(0, at + 1).at(-1)!;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`not heard: ${JSON.stringify(heard)}`);
  };
  await until((m) => m.type === 'followed' && m.workspaceId === workspaceId);
  return {
    heard,
    next: () => until((m) => m.type === 'workspace.changed' && m.workspaceId === workspaceId),
  };
}

describe('the intake settings page’s API', () => {
  it('shows members the address and log, admins also the senders and dropped count', async () => {
    const team = await buildTeam(app, ctx);
    const member = await addMember(app, ctx, team, { shipmentPermission: 1 });
    await app.inject({
      method: 'PUT',
      url: '/api/email-intake/senders',
      headers: { cookie: team.owner.cookie },
      payload: { emails: ['ops@forwarder.example'] },
    });
    const to = await intakeAddressOf(team);
    await receiveMessage(ctx, await compose({ from: 'stranger@else.example', to, subject: 'x', text: 'y' }));

    const admin = (await settingsOf(team.owner)).json().result;
    expect(admin).toMatchObject({
      enabled: true,
      canManage: true,
      address: to,
      allowedSenders: ['ops@forwarder.example'],
      droppedCount: 1,
    });
    const asMember = await settingsOf(member);
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json().result).toMatchObject({
      enabled: true,
      canManage: false,
      address: to,
      allowedSenders: [],
      droppedCount: 0,
    });
    const rotate = await app.inject({
      method: 'POST',
      url: '/api/email-intake/rotate',
      headers: { cookie: member.cookie },
    });
    expect(rotate.statusCode).toBe(403);
    expect(await intakeAddressOf(team)).toBe(to);
  });

  it('keeps each workspace’s address, log and senders to itself', async () => {
    const mine = await buildTeam(app, ctx);
    const theirs = await buildTeam(app, ctx);
    const to = await intakeAddressOf(mine);
    await receiveMessage(
      ctx,
      await compose({
        from: mine.owner.email,
        to,
        subject: 'Mine only',
        text: `B/L ${mbl()} ${containerNo()}`,
      }),
    );
    await app.inject({
      method: 'PUT',
      url: '/api/email-intake/senders',
      headers: { cookie: mine.owner.cookie },
      payload: { emails: ['mine@forwarder.example'] },
    });
    const other = (await settingsOf(theirs.owner)).json().result;
    expect(other.address).not.toBe(to);
    expect(other.log).toEqual([]);
    expect(other.logTotal).toBe(0);
    expect(other.allowedSenders).toEqual([]);
    // Their rotation leaves mine alone.
    await app.inject({
      method: 'POST',
      url: '/api/email-intake/rotate',
      headers: { cookie: theirs.owner.cookie },
    });
    expect(await intakeAddressOf(mine)).toBe(to);
  });

  it('names the shipments a message added, newest first, as many as asked for', async () => {
    const team = await buildTeam(app, ctx);
    const to = await intakeAddressOf(team);
    const [first, second] = [containerNo(), containerNo()];
    const bill = mbl();
    await receiveMessage(
      ctx,
      await compose({ from: team.owner.email, to, subject: 'First', text: `B/L ${bill} ${first}` }),
    );
    await receiveMessage(
      ctx,
      await compose({ from: team.owner.email, to, subject: 'Second', text: `B/L ${mbl()} ${second}` }),
    );
    const all = (await settingsOf(team.owner)).json().result;
    expect(all.logTotal).toBe(2);
    expect(all.log.map((l: { subject: string }) => l.subject)).toEqual(['Second', 'First']);
    const row = all.log[1].rows[0];
    expect(row).toMatchObject({ mode: 'ocean', number: first, outcome: 'created', reference: bill });
    const listed = await app.inject({
      method: 'GET',
      url: '/api/shipments/ocean',
      headers: { cookie: team.owner.cookie },
    });
    expect(JSON.stringify(listed.json())).toContain(row.shipmentId);

    const one = (await settingsOf(team.owner, '?log=1')).json().result;
    expect(one.log.map((l: { subject: string }) => l.subject)).toEqual(['Second']);
    expect(one.logTotal).toBe(2);
    for (const bad of ['0', '101', 'many']) {
      const res = await settingsOf(team.owner, `?log=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^log /);
    }
  });

  it('tells the workspace’s open pages when a message is logged or dropped', async () => {
    const team = await buildTeam(app, ctx);
    const colleague = await addMember(app, ctx, team, { shipmentPermission: 1 });
    const to = await intakeAddressOf(team);
    const live = await workspaceMessages(colleague, team.defaultWorkspaceId);
    // Nothing to add, so no shipment list moved: the log alone is news.
    await receiveMessage(ctx, await compose({ from: team.owner.email, to, subject: 'x', text: 'nothing' }));
    await live.next();
    await receiveMessage(ctx, await compose({ from: 'stranger@else.example', to, subject: 'x', text: 'y' }));
    await live.next();
  });

  it('says when the server has no intake domain, and refuses changes', async () => {
    const off = await buildApp({
      ...ctx,
      config: { ...ctx.config, inboundEmail: { domain: null, smtpPort: null, secret: null } },
    });
    try {
      const team = await buildTeam(off, ctx);
      const res = await off.inject({
        method: 'GET',
        url: '/api/email-intake',
        headers: { cookie: team.owner.cookie },
      });
      expect(res.json().result).toEqual({
        enabled: false,
        canManage: true,
        address: null,
        allowedSenders: [],
        droppedCount: 0,
        log: [],
        logTotal: 0,
      });
      const rotate = await off.inject({
        method: 'POST',
        url: '/api/email-intake/rotate',
        headers: { cookie: team.owner.cookie },
      });
      expect(rotate.statusCode).toBe(404);
      expect(rotate.json().message).toBe('E-mail intake is not set up on this server.');
    } finally {
      await off.close();
    }
  });
});
