/** Test doubles for the server: an envelope answer and a signed-in user. */

interface Envelope {
  success: boolean;
  result?: unknown;
  message?: string;
  code?: string;
  [key: string]: unknown;
}

export function jsonResponse(status: number, body: Envelope): Response {
  return new Response(JSON.stringify({ result: null, message: '', code: 'OK', ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const testUser = {
  id: 'u-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  avatar: null,
  enabled: true,
  timeZone: 'Europe/London',
};
