import { describe, expect, it } from 'vitest';
import { deliverySlip } from './delivery-slip';

const announced = (estimatedDelivery: string, recordedAt: string) => ({ estimatedDelivery, recordedAt });

describe('deliverySlip', () => {
  it('has nothing to compare with one announcement and no delivery', () => {
    expect(
      deliverySlip({
        estimatedDeliveryHistory: [announced('2025-03-04T17:00:00Z', '2025-03-01T09:00:00Z')],
        deliveredAt: null,
      }),
    ).toBeNull();
    expect(deliverySlip({ estimatedDeliveryHistory: [], deliveredAt: '2025-03-04T10:00:00Z' })).toBeNull();
  });

  it('compares the latest announcement with the first', () => {
    expect(
      deliverySlip({
        estimatedDeliveryHistory: [
          announced('2025-03-04T17:00:00Z', '2025-03-01T09:00:00Z'),
          announced('2025-03-05T17:00:00Z', '2025-03-03T09:00:00Z'),
          announced('2025-03-06T12:00:00Z', '2025-03-04T09:00:00Z'),
        ],
        deliveredAt: null,
      }),
    ).toEqual({ first: '2025-03-04T17:00:00Z', latest: '2025-03-06T12:00:00Z', latestIsActual: false });
  });

  it('compares the delivery itself once it happened', () => {
    expect(
      deliverySlip({
        estimatedDeliveryHistory: [announced('2025-03-04T17:00:00Z', '2025-03-01T09:00:00Z')],
        deliveredAt: '2025-03-04T11:20:00Z',
      }),
    ).toEqual({ first: '2025-03-04T17:00:00Z', latest: '2025-03-04T11:20:00Z', latestIsActual: true });
  });
});
