import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/http';
import { api } from './api-client';

describe('api client with FormData', () => {
  it('sends the form as it is, leaving Content-Type (and its boundary) to the browser', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { success: true, result: { ok: 1 } })));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('workspaceName', 'Imports');

    await expect(api.post('/api/workspaces/update', form)).resolves.toEqual({ ok: 1 });

    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect(init.method).toBe('POST');
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});
