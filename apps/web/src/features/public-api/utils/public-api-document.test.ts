import { describe, expect, it } from 'vitest';
import { publicApiDocument } from './public-api-document';

describe('publicApiDocument', () => {
  it('keeps the /api/v1/ paths and their tags only', () => {
    const doc = publicApiDocument({
      openapi: '3.0.3',
      info: { title: 'Tracklane API', version: '0.1.0' },
      paths: {
        '/api/v1/shipments/ocean': { get: { tags: ['v1: ocean shipments'] } },
        '/api/shipments/ocean': { get: { tags: ['ocean-shipments'] } },
        '/api/v1x/other': { get: { tags: ['x'] } },
      },
      tags: [{ name: 'v1: ocean shipments' }, { name: 'ocean-shipments' }],
    });
    expect(Object.keys(doc.paths)).toEqual(['/api/v1/shipments/ocean']);
    expect(doc.tags).toEqual([{ name: 'v1: ocean shipments' }]);
    expect(doc.info.title).toBe('Tracklane public API (v1)');
  });

  it('points to the webhooks guide the app serves, not to a file of the repository', () => {
    const doc = publicApiDocument({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} });
    expect(doc.info.description).toContain('[webhooks guide](/workspace-settings/api/webhooks)');
    expect(doc.info.description).not.toContain('docs/');
  });
});
