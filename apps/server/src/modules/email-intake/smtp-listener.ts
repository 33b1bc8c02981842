import { SMTPServer } from 'smtp-server';
import type { AppContext } from '../../app-context';
import { receiveMessage, workspaceOfRecipient } from './email-intake.service';
import { INBOUND_MAX_BYTES } from './email-intake.routes';

/**
 * The built-in SMTP listener: accepts RCPT only for known intake addresses, refuses messages over the
 * size limit, and hands each message to the same code the signed HTTP endpoint uses. No AUTH: mail
 * arrives from other servers (put TLS termination or an MX relay in front when exposed).
 */
export async function startSmtpListener(
  ctx: AppContext,
  port: number,
  host = '0.0.0.0',
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    banner: 'Tracklane intake',
    logger: false,
    onRcptTo(address, _session, callback) {
      workspaceOfRecipient(ctx, address.address).then(
        (workspaceId) =>
          callback(
            workspaceId ? undefined : Object.assign(new Error('No such mailbox'), { responseCode: 550 }),
          ),
        (err: unknown) => callback(err as Error),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        receiveMessage(ctx, Buffer.concat(chunks), recipients).then(
          () => callback(),
          (err: unknown) => {
            ctx.logger.error({ err }, 'e-mail intake failed');
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
