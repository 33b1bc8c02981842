import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { Team } from '../factories';
import { containerNo, mbl } from '../factories';

/** Small files of each kind, made of the bytes their format starts with. */
export const files = {
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
  png: () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  eml: () =>
    Buffer.from(
      'From: Carrier <ops@carrier.example>\r\nTo: ops@acme.example\r\nSubject: Arrival notice MSKU1234565\r\nDate: Fri, 20 Nov 2026 09:00:00 +0000\r\n\r\nYour container arrives on Monday.\r\n',
    ),
  exe: () => Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]),
  html: () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: () =>
    Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    ),
};

/** A multipart/form-data body with `fields` and one file part. */
export function multipart(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; contentType?: string } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tracklane${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let parcelSerial = 0;

/** One shipment of each mode in the team's workspace: [mode, id]. */
type Shipment = readonly ['ocean' | 'express', string];
export async function addShipments(app: App, team: Team): Promise<[Shipment, Shipment]> {
  const ocean = await app.inject({
    method: 'POST',
    url: '/api/shipments/ocean',
    headers: { cookie: team.owner.cookie },
    payload: { items: [{ containerNo: containerNo(), mblNo: mbl() }] },
  });
  expect(ocean.statusCode, ocean.body).toBe(200);
  const parcel = await app.inject({
    method: 'POST',
    url: '/api/shipments/express',
    headers: { cookie: team.owner.cookie },
    payload: {
      items: [
        {
          trackingNo: `DOCS${String(process.pid)}${String(parcelSerial++).padStart(6, '0')}`,
          carrier: 'gls',
        },
      ],
    },
  });
  expect(parcel.statusCode, parcel.body).toBe(200);
  return [
    ['ocean', ocean.json().result[0].shipmentOverallId as string],
    ['express', parcel.json().result[0].expressOrderId as string],
  ];
}

/** Uploads a document as the signed-in `cookie` (or an API key under /api/v1 when `key` is given). */
export function upload(
  app: App,
  auth: { cookie: string } | { key: string },
  mode: string,
  shipmentId: string,
  file: { name: string; bytes: Buffer } | null,
  type = 'invoice',
) {
  const form = multipart({ type }, file);
  const v1 = 'key' in auth;
  return app.inject({
    method: 'POST',
    url: `/api${v1 ? '/v1' : ''}/shipments/${mode}/${shipmentId}/documents`,
    headers: { ...form.headers, ...(v1 ? { authorization: `Bearer ${auth.key}` } : { cookie: auth.cookie }) },
    payload: form.payload,
  });
}
