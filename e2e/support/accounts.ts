import { constants, publicEncrypt, randomInt, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

export interface TestAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userId: string;
}

interface Envelope<T> {
  success: boolean;
  result: T;
  message: string;
  code: string;
}

async function body<T>(response: {
  json(): Promise<unknown>;
  ok(): boolean;
  status(): number;
  url(): string;
}): Promise<T> {
  const json = (await response.json()) as Envelope<T>;
  if (!response.ok())
    throw new Error(`${response.url()} answered ${String(response.status())}: ${json.message}`);
  return json.result;
}

/** An address from TEST-NET-2 (RFC 5737), different for each call. */
const testClientAddress = () => `198.51.100.${String(randomInt(1, 255))}`;

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@e2e.tracklane.test`;

/** What the browser does before sending a password (spec §5), done here in Node. */
export async function encryptPassword(request: APIRequestContext, password: string) {
  const key = await body<{ keyId: string; publicKey: string }>(await request.get('/api/auth/public-key'));
  const ciphertext = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(`${String(Date.now())}:${password}`),
  ).toString('base64');
  return { password: ciphertext, keyId: key.keyId };
}

/** The newest code e-mailed to an address, from the development mailbox (the e2e server has no SMTP). */
export async function codeFromMailbox(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const messages = await body<{ to: string; text: string }[]>(await request.get('/api/dev/mailbox'));
      code = /\b(\d{6})\b/.exec(messages.find((m) => m.to === email)?.text ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/**
 * A verified, signed-in user who accepted the user agreement, made through the public API. Pass
 * `page.request` so the session cookie lands in the page's browser context.
 */
export async function createSignedInUser(
  request: APIRequestContext,
  label = 'user',
  options: { tutorial?: boolean } = {},
): Promise<TestAccount> {
  const account = {
    email: uniqueEmail(label),
    password: 'e2e correct horse',
    firstName: 'Ada',
    lastName: 'Lovelace',
  };
  // Each test user is a client of its own, as real users are: the e2e server trusts the loopback
  // proxy's X-Forwarded-For (start-server.mjs), so the per-address sign-up limits count each test
  // apart instead of the whole run from one address.
  const headers = { 'x-forwarded-for': testClientAddress() };
  await body(
    await request.post('/api/auth/register', {
      headers,
      data: {
        ...account,
        ...(await encryptPassword(request, account.password)),
        timeZone: 'Europe/Amsterdam',
      },
    }),
  );
  const code = await codeFromMailbox(request, account.email);
  const user = await body<{ id: string }>(
    await request.post('/api/auth/verifyEmail', { headers, data: { email: account.email, code } }),
  );
  await body(await request.post('/api/_api/user-agreement/agree', { data: { userId: user.id } }));
  // The first-use tutorial points at the page a test drives: only the tests about it see it.
  if (!options.tutorial)
    await body(
      await request.post('/api/_api/user-journey/updateTutorialStatus', {
        data: { id: user.id, tutorial: 'multipleShipments', display: false },
      }),
    );
  return { ...account, userId: user.id };
}
