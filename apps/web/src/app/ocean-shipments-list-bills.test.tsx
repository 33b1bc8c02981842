import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../test/fake-api';
import { listPage, oceanShipment } from '../test/ocean-shipment-fixtures';
import { renderRoutes } from '../test/render';
import { setUpSignedInPage } from '../test/session';
import { appRoutes } from './router';
import { first, serve, byStatus, rows } from '../test/ocean-shipments-list-page';

setUpSignedInPage();

describe(
  'ocean shipment list: bills of lading and bookings followed alone (ADR 0037)',
  { timeout: 20_000 },
  () => {
    const billId = '00000000-0000-4000-8000-0000000000b1';
    const summary = (fields: Record<string, unknown>) => ({
      billId,
      kind: 'bl',
      reference: 'MEDU7788990',
      carrierScac: 'MSCU',
      carrierName: 'MSC Mediterranean Shipping Company',
      state: 'found',
      transportDocumentReference: null,
      containerCount: 2,
      notAdded: [],
      source: 'dcsa',
      lastCheckedAt: '2025-02-10T12:00:00.000Z',
      nextCheckAt: '2025-02-10T18:00:00.000Z',
      lastError: null,
      createdAt: '2025-01-20T09:00:00.000Z',
      ...fields,
    });
    const waitingBills = [
      summary({
        billId: '00000000-0000-4000-8000-0000000000b2',
        reference: 'MEDU5566778',
        state: 'pending',
        containerCount: 0,
      }),
      summary({
        billId: '00000000-0000-4000-8000-0000000000b3',
        kind: 'booking',
        reference: '241100456',
        carrierScac: 'MAEU',
        carrierName: 'Maersk',
        state: 'no_source',
        containerCount: 0,
      }),
    ];
    const onBill = [
      oceanShipment({
        containerNo: 'MSCU1234566',
        mblNo: 'MEDU7788990',
        bill: { billId, kind: 'bl', reference: 'MEDU7788990' },
      }),
      oceanShipment({
        containerNo: 'MSKU1234565',
        mblNo: 'MEDU7788990',
        bill: { billId, kind: 'bl', reference: 'MEDU7788990' },
      }),
    ];

    it('looks again while a bill awaits its first answer, so its containers come even without the socket', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let answered = false;
      const api = serve(
        () =>
          ok(
            answered
              ? listPage(onBill, { activeCount: 2, archivedCount: 0 })
              : listPage([], { activeCount: 0, archivedCount: 0, billsPending: 1 }),
          ),
        {
          'GET /api/shipments/ocean/bills': () =>
            ok({ items: answered ? [] : [waitingBills[0]], nextCursor: null }),
        },
      );
      try {
        renderRoutes(appRoutes, '/shipments/ocean/active');
        expect(await screen.findByTestId('waiting-bill')).toHaveTextContent('Asking the carrier');
        const asked = api.callsTo('GET /api/shipments/ocean').length;
        answered = true;
        await act(() => vi.advanceTimersByTimeAsync(8_000));
        await waitFor(() => expect(rows()).toHaveLength(2));
        expect(api.callsTo('GET /api/shipments/ocean').length).toBeGreaterThan(asked);
        await waitFor(() => expect(screen.queryByTestId('waiting-bill')).not.toBeInTheDocument());
        // Nothing awaits an answer any more: no more asking.
        const settled = api.callsTo('GET /api/shipments/ocean').length;
        await act(() => vi.advanceTimersByTimeAsync(20_000));
        expect(api.callsTo('GET /api/shipments/ocean')).toHaveLength(settled);
      } finally {
        vi.useRealTimers();
      }
    });

    it('shows the bills still waiting for containers above the list, each with what the carrier said', async () => {
      serve(byStatus([first], []), {
        'GET /api/shipments/ocean/bills': (call) =>
          ok({ items: call.query.status === 'waiting' ? waitingBills : [], nextCursor: null }),
      });
      renderRoutes(appRoutes, '/shipments/ocean/active');
      const panel = await screen.findByRole('region', {
        name: 'Bills of lading and bookings without containers yet',
      });
      const items = within(panel).getAllByTestId('waiting-bill');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Bill of lading MEDU5566778 · MSC');
      expect(items[0]).toHaveTextContent('Asking the carrier for its containers');
      expect(items[1]).toHaveTextContent('Booking 241100456 · Maersk');
      expect(items[1]).toHaveTextContent('No connection for Maersk');
      expect(
        within(items[0]!).getByRole('button', { name: 'Stop following Bill of lading MEDU5566778' }),
      ).toBeInTheDocument();
    });

    it('groups the containers of one bill under its header, links each row to its group, and shows all again', async () => {
      const api = serve(
        (call) =>
          ok(
            listPage(call.query.bill === billId ? onBill : [first, ...onBill], {
              activeCount: 3,
              archivedCount: 0,
            }),
          ),
        {
          'GET /api/shipments/ocean/bills': ok({ items: [summary({})], nextCursor: null }),
          [`GET /api/shipments/ocean/bills/${billId}`]: ok({
            ...summary({ notAdded: ['MSCU7654325'] }),
            containers: [],
          }),
        },
      );
      const { router } = renderRoutes(appRoutes, '/shipments/ocean/active');
      const user = userEvent.setup();
      await waitFor(() => expect(rows()).toHaveLength(3));
      // The bill's rows link to their group; a container added with its own numbers has none.
      const links = screen.getAllByRole('link', { name: 'Containers on Bill of lading MEDU7788990' });
      expect(links).toHaveLength(2);
      await user.click(links[0]!);

      const group = await screen.findByTestId('bill-group');
      await waitFor(() => expect(group).toHaveTextContent('Bill of lading MEDU7788990 · MSC'));
      expect(group).toHaveTextContent('3 containers found, 1 not added');
      expect(group).toHaveTextContent('Not added: MSCU7654325');
      await waitFor(() => expect(rows()).toHaveLength(2));
      expect(api.callsTo('GET /api/shipments/ocean').at(-1)?.query.bill).toBe(billId);

      await user.click(within(group).getByRole('button', { name: 'Show all shipments' }));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      await waitFor(() => expect(rows()).toHaveLength(3));
      expect(screen.queryByTestId('bill-group')).not.toBeInTheDocument();
    });
  },
);
