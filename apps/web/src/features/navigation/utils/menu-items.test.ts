import { describe, expect, it } from 'vitest';
import { getMenuItems, isMenuItemActive } from './menu-items';

const labels = (permission: number | null) => getMenuItems('ocean', permission).map((item) => item.label);

describe('getMenuItems visibility by shipmentPermission (spec §2, §6)', () => {
  it('shows every item to a user who may view and create (0)', () => {
    expect(labels(0)).toEqual([
      'Dashboard',
      'Shipment List',
      'Exceptions',
      'Reliability',
      'New Shipment',
      'Shipment History',
    ]);
  });

  it('hides New Shipment from a view-only user (1)', () => {
    expect(labels(1)).toEqual([
      'Dashboard',
      'Shipment List',
      'Exceptions',
      'Reliability',
      'Shipment History',
    ]);
  });

  it.each([2, -1, 99])('hides the list and creation for any other permission (%i)', (permission) => {
    expect(labels(permission)).toEqual(['Dashboard', 'Shipment History']);
  });

  it('shows every item while no organization is selected (null)', () => {
    expect(labels(null)).toEqual([
      'Dashboard',
      'Shipment List',
      'Exceptions',
      'Reliability',
      'New Shipment',
      'Shipment History',
    ]);
  });
});

describe('getMenuItems destinations', () => {
  it('links to the ocean pages', () => {
    expect(getMenuItems('ocean', 0).map((item) => item.href)).toEqual([
      '/dashboard/ocean',
      '/shipments/ocean/active',
      '/exceptions',
      '/reliability',
      '/new-shipments/ocean',
      '/shipment-history/ocean/tracking-history',
    ]);
  });

  it('links to the ground pages', () => {
    expect(getMenuItems('ground', 0).map((item) => item.href)).toEqual([
      '/dashboard/truck/express',
      '/shipments/truck/express/active',
      '/exceptions',
      '/new-shipments/truck/express',
      '/shipment-history/ground/tracking-history',
    ]);
  });
});

describe('isMenuItemActive', () => {
  const [dashboard, list, , , history] = getMenuItems('ground', 0);

  it('marks the shipment list current on any of its tabs and on a shipment', () => {
    expect(list && isMenuItemActive(list, '/shipments/truck/express/not-found')).toBe(true);
    expect(list && isMenuItemActive(list, '/shipment/truck/express/7/SF1')).toBe(true);
    expect(list && isMenuItemActive(list, '/shipments/ocean/active')).toBe(false);
  });

  it('marks history current on its sub-pages only', () => {
    expect(history && isMenuItemActive(history, '/shipment-history/ground/shared-history/details/9')).toBe(
      true,
    );
    expect(dashboard && isMenuItemActive(dashboard, '/shipment-history/ground/tracking-history')).toBe(false);
  });
});
