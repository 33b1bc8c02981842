/** How each zustand store created in a test run returns to its initial state (see __mocks__/zustand.ts). */
export const storeResets = new Set<() => void>();
