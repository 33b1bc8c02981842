import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../test/fake-api';
import { TestProviders } from '../test/render';
import { testApp } from '../test/app';
import { mapPreferenceQueryOptions, useMapPreference, useSaveMapPreference } from './use-map-preference';

const GET = 'GET /api/_api/user-journey/getMapPreference';
const SAVE = 'POST /api/_api/user-journey/saveMapPreference';
const saved = { view: { center: [103.8, 1.3] as [number, number], zoom: 4 }, layers: ['positions'] };

function renderPreference() {
  return renderHook(() => ({ preference: useMapPreference(), save: useSaveMapPreference() }), {
    wrapper: TestProviders,
  });
}

describe('map preference', () => {
  it('reads null before the first save and the saved view after it, without a second read', async () => {
    const api = fakeApi({ [GET]: ok(null), [SAVE]: ({ body }) => ok(body, 'Saved') });
    const { result } = renderPreference();
    await waitFor(() => expect(result.current.preference.isSuccess).toBe(true));
    expect(result.current.preference.data).toBeNull();

    await act(() => result.current.save.mutateAsync(saved));
    expect(api.callsTo(SAVE).map((call) => call.body)).toEqual([saved]);
    // The cache holds it as soon as the save is made; the hook re-renders on Query's next notify.
    expect(testApp().queryClient.getQueryData(mapPreferenceQueryOptions().queryKey)).toEqual(saved);
    await waitFor(() => expect(result.current.preference.data).toEqual(saved));
    expect(api.callsTo(GET)).toHaveLength(1);
  });

  it('puts the previous preference back when the server refuses the save', async () => {
    fakeApi({ [GET]: ok(saved), [SAVE]: fail(400, 'VALIDATION', 'Invalid') });
    const { result } = renderPreference();
    await waitFor(() => expect(result.current.preference.data).toEqual(saved));

    await act(async () => {
      await result.current.save.mutateAsync({ ...saved, layers: [] }).catch(() => undefined);
    });
    expect(result.current.preference.data).toEqual(saved);
  });
});
