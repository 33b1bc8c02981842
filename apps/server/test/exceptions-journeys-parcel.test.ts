import { describe, expect, it } from 'vitest';
import { estimatedDeliveryEvent, type ParcelEvent } from '@tracklane/shared/tracking/express/parcel-event';
import { runExceptionSweep } from '../src/modules/exceptions/exceptions.jobs';
import { refreshItem } from '../src/modules/tracking/refresh.service';
import { buildTeam } from './factories';
import { useExceptionsApp } from './support/exceptions';

const { app, ctx, carrier, engine, parcel, exceptionsOf } = await useExceptionsApp();

const T0 = Date.parse('2026-11-02T00:00:00Z');
const at = (days: number) => new Date(T0 + days * 86_400_000);
const iso = (days: number) => at(days).toISOString();
const scan = (id: string, days: number, status: ParcelEvent['status'], subStatus: string | null = null) => ({
  eventId: id,
  classifier: 'ACT' as const,
  status,
  subStatus,
  carrierCode: null,
  description: status ?? '',
  exceptionReason: null,
  location: null,
  eventTime: iso(days),
  createdAt: iso(days),
});

describe('exception journeys of a parcel, step by step as the carrier answers', () => {
  it('raises and clears an exception, late, a failed attempt and a return to the sender', async () => {
    const team = await buildTeam(app, ctx);
    const { item, sub } = await parcel(team.defaultWorkspaceId);
    const events: ParcelEvent[] = [
      scan('s1', 0, 'in_transit'),
      estimatedDeliveryEvent('est1', iso(2), iso(0)),
    ];
    const step = async (days: number, ...more: ParcelEvent[]) => {
      events.push(...more);
      carrier.express = { status: 'found', events: [...events] };
      await refreshItem(ctx, engine, item.id, at(days));
    };
    const ofType = async (type: string) =>
      (await exceptionsOf(sub.id)).filter((x) => x.type === type).map((x) => [x.state, x.detail]);
    const states = async (type: string) => (await ofType(type)).map(([state]) => state);

    await step(0.1);
    expect(await exceptionsOf(sub.id)).toEqual([]);

    await step(1, scan('s2', 1, 'exception', 'customs_hold'));
    expect(await ofType('parcel_exception')).toEqual([
      ['open', 'Carrier reports an exception (customs hold)'],
    ]);
    await step(1.5, scan('s3', 1.5, 'in_transit'));
    expect(await states('parcel_exception')).toEqual(['auto_resolved']);

    // The estimate (day 2) passed a day ago and more: time alone raises it, at the sweep.
    await runExceptionSweep(ctx, at(3.1));
    expect(await ofType('late')).toEqual([['open', '26 h past the estimated delivery']]);

    await step(3.2, scan('s4', 3.2, 'failed_attempt'), estimatedDeliveryEvent('est2', iso(4), iso(3.2)));
    expect(await ofType('failed_attempt')).toEqual([['open', 'Delivery attempt failed']]);
    expect(await states('late')).toEqual(['auto_resolved']);

    await step(3.5, scan('s5', 3.5, 'exception', 'return_to_sender'));
    expect(await states('failed_attempt')).toEqual(['auto_resolved']);
    expect(await ofType('returned_to_sender')).toEqual([['open', 'On its way back to the sender']]);
    // A return is its own type, not a second parcel exception.
    expect(await states('parcel_exception')).toEqual(['auto_resolved']);

    await step(6, scan('s6', 6, 'delivered'));
    expect(await states('returned_to_sender')).toEqual(['auto_resolved']);
    expect(
      (await exceptionsOf(sub.id)).filter((x) => x.state === 'open' || x.state === 'acknowledged'),
    ).toEqual([]);
  });
});
