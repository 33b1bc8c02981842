import { describe, expect, it } from 'vitest';
import { UI_STORE_KEY } from './ui-store';
import { testApp } from '../../../test/app';

function store(state: object) {
  window.localStorage.setItem(UI_STORE_KEY, JSON.stringify({ state, version: 1 }));
}

describe('UI store persistence (spec §4)', () => {
  it('restores the sidebar state and site type from localStorage', async () => {
    store({ sidebarCollapsed: true, siteType: 'ground' });
    await testApp().uiStore.persist.rehydrate();
    expect(testApp().uiStore.getState()).toMatchObject({ sidebarCollapsed: true, siteType: 'ground' });
  });

  it('ignores a stored value it does not understand', async () => {
    testApp().uiStore.setState({ sidebarCollapsed: false, siteType: 'ocean' });
    store({ sidebarCollapsed: 'yes', siteType: 'air' });
    await testApp().uiStore.persist.rehydrate();
    expect(testApp().uiStore.getState()).toMatchObject({ sidebarCollapsed: false, siteType: 'ocean' });
  });
});
