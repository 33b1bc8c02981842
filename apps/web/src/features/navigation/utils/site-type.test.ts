import { describe, expect, it } from 'vitest';
import { counterpartPath, siteTypeFromPath } from './site-type';

describe('siteTypeFromPath', () => {
  it.each([
    ['/dashboard/ocean', 'ocean'],
    ['/shipments/ocean/archived', 'ocean'],
    ['/new-shipments/ocean', 'ocean'],
    ['/shipment-history/ocean/shared-history/details/42', 'ocean'],
    ['/shipment/ocean/MSKU1234565/MAEU123', 'ocean'],
    ['/dashboard/truck/express', 'ground'],
    ['/shipments/truck/express/not-found', 'ground'],
    ['/new-shipments/truck/express', 'ground'],
    ['/shipment-history/ground/tracking-history', 'ground'],
    ['/shipment/truck/express/77/SF100', 'ground'],
    ['/dashboard/truck/express/', 'ground'],
  ])('%s belongs to %s', (path, expected) => {
    expect(siteTypeFromPath(path)).toBe(expected);
  });

  it.each(['/', '/settings/profile', '/notifications/all', '/new-shipments/create', '/dashboard/oceanic'])(
    '%s belongs to neither type',
    (path) => {
      expect(siteTypeFromPath(path)).toBeNull();
    },
  );
});

describe('counterpartPath', () => {
  it.each([
    ['/dashboard/ocean', 'ground', '/dashboard/truck/express'],
    ['/dashboard/truck/express', 'ocean', '/dashboard/ocean'],
    ['/shipments/ocean/active', 'ground', '/shipments/truck/express/active'],
    ['/shipments/truck/express/active', 'ocean', '/shipments/ocean/active'],
    ['/shipments/ocean/archived', 'ground', '/shipments/truck/express/archived'],
    ['/shipments/truck/express/archived', 'ocean', '/shipments/ocean/archived'],
    ['/shipments/truck/express/not-found', 'ocean', '/shipments/ocean/active'],
    ['/new-shipments/ocean', 'ground', '/new-shipments/truck/express'],
    ['/new-shipments/truck/express', 'ocean', '/new-shipments/ocean'],
    ['/shipment-history/ocean/tracking-history', 'ground', '/shipment-history/ground/tracking-history'],
    ['/shipment-history/ground/shared-history', 'ocean', '/shipment-history/ocean/shared-history'],
    [
      '/shipment-history/ocean/shared-history/details/abc-1',
      'ground',
      '/shipment-history/ground/shared-history',
    ],
    ['/shipment/ocean/MSKU1234565/MAEU123', 'ground', '/shipments/truck/express/active'],
    ['/shipment/ocean/MSKU1234565/MAEU123/', 'ground', '/shipments/truck/express/active'],
    ['/shipment/truck/express/77/SF100', 'ocean', '/shipments/ocean/active'],
    ['/dashboard/ocean/', 'ground', '/dashboard/truck/express'],
    ['/new-shipments/truck/express/', 'ocean', '/new-shipments/ocean'],
    ['/shipments/ocean/archived/', 'ground', '/shipments/truck/express/archived'],
  ] as const)('%s → %s goes to %s', (from, target, expected) => {
    expect(counterpartPath(from, target)).toBe(expected);
  });

  it.each([
    ['/settings/profile', 'ground'],
    ['/notifications/all', 'ocean'],
    ['/', 'ground'],
  ] as const)('%s has no counterpart: only the stored type changes', (from, target) => {
    expect(counterpartPath(from, target)).toBeNull();
  });

  it('keeps /new-shipments/create, whose form follows the stored type, in both directions', () => {
    expect(counterpartPath('/new-shipments/create', 'ground')).toBeNull();
    expect(counterpartPath('/new-shipments/create', 'ocean')).toBeNull();
  });

  it('gives every ocean page of the route table a ground counterpart that leads back', () => {
    const oceanPages = [
      '/dashboard/ocean',
      '/shipments/ocean/active',
      '/shipments/ocean/archived',
      '/new-shipments/ocean',
      '/shipment-history/ocean/tracking-history',
      '/shipment-history/ocean/shared-history',
    ];
    for (const page of oceanPages) {
      const ground = counterpartPath(page, 'ground');
      expect(ground && siteTypeFromPath(ground)).toBe('ground');
      expect(counterpartPath(ground!, 'ocean')).toBe(page);
    }
  });

  it('stays put when the page already has the chosen type', () => {
    expect(counterpartPath('/dashboard/ocean', 'ocean')).toBeNull();
    expect(counterpartPath('/shipments/truck/express/not-found', 'ground')).toBeNull();
  });
});
