import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file));
const json = (file: string) => JSON.parse(read(file).toString('utf8')) as Record<string, unknown>;

describe('the repository licence', () => {
  it('is the FSF’s GNU AGPL v3 text, byte for byte', () => {
    // The FSF's agpl-3.0.txt (MD5 73f1eb20517c55bf9493b7dd6e480788), taken from the npm package mupdf
    // 1.28.1, which ships it unchanged; copies re-wrapped for a web page do not match.
    const licence = read('LICENSE');
    expect(licence.length).toBe(34_520);
    expect(createHash('sha256').update(licence).digest('hex')).toBe(
      '57c8ff33c9c0cfc3ef00e650a1cc910d7ee479a8bc509f6c9209a7c2a11399d6',
    );
  });

  it('is declared as AGPL-3.0-or-later by the root and every workspace package', () => {
    const workspaces = json('package.json').workspaces as string[];
    expect(workspaces.length).toBeGreaterThan(0);
    for (const file of ['package.json', ...workspaces.map((w) => `${w}/package.json`)]) {
      expect({ file, license: json(file).license }).toEqual({ file, license: 'AGPL-3.0-or-later' });
    }
  });

  it('leaves third-party data with its own licence beside it, each listed in NOTICE', () => {
    const notice = read('NOTICE').toString('utf8');
    for (const dir of [
      'packages/shared/src/tracking/express/tracking-number-data',
      'apps/server/src/integrations/tracking/dcsa/fixtures/dcsa-examples',
      'packages/shared/src/tracking/ocean/sea-lanes',
    ]) {
      expect(existsSync(path.join(root, dir, 'LICENSE'))).toBe(true);
      expect(notice).toContain(`${dir}/LICENSE`);
    }
    expect(read('packages/shared/src/tracking/express/tracking-number-data/LICENSE').toString()).toMatch(
      /^MIT License/,
    );
    expect(read('packages/shared/src/tracking/ocean/sea-lanes/LICENSE').toString()).toContain('MIT License');
    expect(notice).toContain('world-atlas');
  });
});
