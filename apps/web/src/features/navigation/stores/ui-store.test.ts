import { describe, expect, it } from 'vitest';
import { createUiStore, UI_STORE_KEY } from './ui-store';
import { readSidebarCookie, writeSidebarCookie } from '../utils/sidebar-preference';
import { testApp } from '../../../test/app';

function store(state: object) {
  window.localStorage.setItem(UI_STORE_KEY, JSON.stringify({ state, version: 1 }));
}

describe('UI store persistence (spec §4)', () => {
  it('restores the site type from localStorage', async () => {
    store({ siteType: 'ground' });
    await testApp().uiStore.persist.rehydrate();
    expect(testApp().uiStore.getState()).toMatchObject({ siteType: 'ground' });
  });

  it('ignores a stored value it does not understand', async () => {
    testApp().uiStore.setState({ sidebarCollapsed: false, siteType: 'ocean' });
    store({ sidebarCollapsed: 'yes', siteType: 'air' });
    await testApp().uiStore.persist.rehydrate();
    expect(testApp().uiStore.getState()).toMatchObject({ sidebarCollapsed: false, siteType: 'ocean' });
  });
});

describe('the sidebar preference, in local storage and mirrored in a cookie the server reads', () => {
  it('starts from the cookie', () => {
    writeSidebarCookie(true);
    expect(createUiStore().getState().sidebarCollapsed).toBe(true);
    writeSidebarCookie(false);
    expect(createUiStore().getState().sidebarCollapsed).toBe(false);
  });

  it('mirrors the value in localStorage into the cookie', () => {
    store({ sidebarCollapsed: true, siteType: 'ocean' });
    expect(readSidebarCookie(document.cookie)).toBeNull();
    expect(createUiStore().getState().sidebarCollapsed).toBe(true);
    expect(readSidebarCookie(document.cookie)).toBe(true);
  });

  it('prefers localStorage to a cookie that says otherwise, and mends the cookie', () => {
    store({ sidebarCollapsed: true, siteType: 'ocean' });
    writeSidebarCookie(false);
    expect(createUiStore().getState().sidebarCollapsed).toBe(true);
    expect(readSidebarCookie(document.cookie)).toBe(true);
  });

  it('hydrates as the server drew it, then follows a preference the server did not know', () => {
    store({ sidebarCollapsed: true, siteType: 'ocean' });
    const ui = createUiStore({ sidebarCollapsed: false });
    // What React reads while hydrating the server's HTML…
    expect(ui.getInitialState().sidebarCollapsed).toBe(false);
    // …and what it renders right after.
    expect(ui.getState().sidebarCollapsed).toBe(true);
  });

  it('writes every change to localStorage and to the cookie', () => {
    const ui = createUiStore();
    const stored = () =>
      (JSON.parse(window.localStorage.getItem(UI_STORE_KEY) ?? '{}') as { state?: object }).state;
    ui.getState().toggleSidebar();
    expect(readSidebarCookie(document.cookie)).toBe(true);
    expect(stored()).toMatchObject({ sidebarCollapsed: true });
    ui.getState().toggleSidebar();
    expect(readSidebarCookie(document.cookie)).toBe(false);
    expect(stored()).toMatchObject({ sidebarCollapsed: false });
  });

  it('reads only its own cookie, and only the values it writes', () => {
    expect(readSidebarCookie('tl_signed_in=1; tl_sidebar=collapsed')).toBe(true);
    expect(readSidebarCookie('tl_sidebar=expanded')).toBe(false);
    expect(readSidebarCookie('tl_sidebar=yes; other=collapsed')).toBeNull();
    expect(readSidebarCookie(undefined)).toBeNull();
  });
});
