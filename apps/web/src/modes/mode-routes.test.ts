import { describe, expect, it } from 'vitest';
import { MODE_ROUTES } from './mode-routes';
import { MODE_LIST } from './registry';

describe('the modes the route table knows', () => {
  it('are the registry’s modes, in its order, with the same paths and pages', () => {
    expect(MODE_ROUTES.map(({ mode, siteType }) => ({ mode, siteType }))).toEqual(
      MODE_LIST.map(({ mode, siteType }) => ({ mode, siteType })),
    );
    MODE_LIST.forEach((definition, i) => {
      expect(MODE_ROUTES[i]!.paths).toBe(definition.paths);
      expect(MODE_ROUTES[i]!.pages).toBe(definition.pages);
    });
  });
});
