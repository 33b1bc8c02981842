import { describe, expect, it } from 'vitest';
import { UI_STORE_KEY, useUiStore } from './ui-store';

function store(state: object) {
  window.localStorage.setItem(UI_STORE_KEY, JSON.stringify({ state, version: 1 }));
}

describe('UI store persistence (spec §4)', () => {
  it('restores the sidebar state and site type from localStorage', async () => {
    store({ sidebarCollapsed: true, siteType: 'ground' });
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState()).toMatchObject({ sidebarCollapsed: true, siteType: 'ground' });
  });

  it('ignores a stored value it does not understand', async () => {
    useUiStore.setState({ sidebarCollapsed: false, siteType: 'ocean' });
    store({ sidebarCollapsed: 'yes', siteType: 'air' });
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState()).toMatchObject({ sidebarCollapsed: false, siteType: 'ocean' });
  });
});
