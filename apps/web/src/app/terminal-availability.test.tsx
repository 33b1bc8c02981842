import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILT_IN_TERMS, type ShipmentFreeTime } from '@tracklane/shared/free-time/free-time.schema';
import type { OceanShipmentDetail } from '@tracklane/shared/tracking/ocean/ocean-shipments.schema';
import type {
  TerminalAvailability,
  TerminalFacts,
} from '@tracklane/shared/terminal-availability/terminal-availability';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FreeTimeClocks } from '../modes/ocean/components/free-time-clocks';
import { useOceanShipment } from '../modes/ocean/api/get-ocean-shipment';
import { fakeApi, ok } from '../test/fake-api';
import { freeTime, oceanShipmentDetail } from '../test/ocean-shipment-fixtures';
import { acme, acmeDefault, selectionOf } from '../test/organization-fixtures';
import { FakeWebSocket } from '../test/fake-web-socket';
import { renderRoutes, renderWithProviders, TestProviders } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';
import { useLiveUpdates } from './use-live-updates';

const DETAIL = 'GET /api/shipments/ocean/MSKU1234565/MAEU261000001';
const PATH = '/shipment/ocean/MSKU1234565/MAEU261000001?timeZone=UTC';
const losAngeles = { locode: 'USLAX', name: 'Los Angeles' };

const facts = (fields: Partial<TerminalFacts> = {}): TerminalFacts => ({
  facility: 'USLAX',
  stage: 'yard',
  readyForDelivery: false,
  holds: {
    customs: { state: 'held', names: ['CUSTOMS HOLD'] },
    line: { state: 'none', names: [] },
    terminal: { state: 'none', names: [] },
  },
  lastFreeDay: '2026-03-08',
  demurrageOwed: { amount: 1250, currency: 'USD', text: '$1,250.00' },
  yardLocation: 'Y0709A',
  dischargedAt: '2026-03-01T10:12:00-08:00',
  leftAt: null,
  appointmentAt: null,
  shippingLine: 'MAE',
  vesselName: 'MAERSK ESSEN',
  ...fields,
});

const terminal = (fields: Partial<TerminalAvailability> = {}): TerminalAvailability => ({
  operator: 'APM Terminals',
  facility: 'USLAX',
  facilityName: 'Los Angeles (Pier 400)',
  status: 'on_hold',
  checkedAt: '2026-03-03T09:30:00.000Z',
  answeredAt: '2026-03-03T09:30:00.000Z',
  facts: facts(),
  ...fields,
});

/** Discharged at Los Angeles; demurrage ends on the terminal's storage-paid-through date. */
const atTerminal = (fields: Partial<OceanShipmentDetail> = {}) =>
  oceanShipmentDetail({
    containerNo: 'MSKU1234565',
    mblNo: 'MAEU261000001',
    carrierScac: 'MAEU',
    status: 'discharged',
    pod: losAngeles,
    shipmentOverall: {
      ...oceanShipmentDetail().shipmentOverall,
      discharged: { time: '2026-03-01T18:12:00.000Z', classifier: 'ACT', location: losAngeles },
    },
    freeTime: freeTime({
      clock: 'demurrage',
      lastFreeDay: '2026-03-08',
      daysLeft: 5,
      demurrage: {
        state: 'running',
        lastFreeDay: '2026-03-08',
        daysLeft: 5,
        cost: 0,
        lastFreeDaySource: 'terminal',
      },
    }),
    terminal: terminal(),
    ...fields,
  });

function serve(detail: OceanShipmentDetail) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    [DETAIL]: ok(detail),
    [`GET /api/shipments/ocean/${detail.shipmentOverallId}/free-time`]: ok({
      terms: BUILT_IN_TERMS,
      source: 'built_in',
      timeZone: 'America/Los_Angeles',
      milestones: {
        discharged: '2026-03-01T18:12:00.000Z',
        fullGateOut: null,
        emptyReturned: null,
        carrierLastFreeDay: null,
        terminalLastFreeDay: '2026-03-08',
        manualLastFreeDay: null,
      },
    } satisfies ShipmentFreeTime),
  });
}

beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

beforeEach(() => {
  signInAsAgreedUser();
});

describe('ocean shipment detail: at the terminal', { timeout: 20_000 }, () => {
  it('shows availability, each hold with its state, the yard, what is owed and whose dates they are', async () => {
    serve(atTerminal());
    renderRoutes(appRoutes, PATH);
    const section = await screen.findByRole('region', { name: 'At the terminal' });
    expect(within(section).getByText('APM Terminals · Los Angeles (Pier 400) (USLAX)')).toBeVisible();
    expect(within(section).getByTestId('terminal-status')).toHaveTextContent('On hold');
    expect(within(section).getByTestId('hold-customs')).toHaveTextContent('Customs CUSTOMS HOLDOn hold');
    expect(within(section).getByTestId('hold-line')).toHaveTextContent('LineNo hold');
    expect(within(section).getByTestId('hold-terminal')).toHaveTextContent('TerminalNo hold');
    expect(section).toHaveTextContent('Ready for delivery: no');
    expect(section).toHaveTextContent('Yard locationY0709A');
    expect(section).toHaveTextContent('Storage paid through08/03/2026 · terminal');
    expect(section).toHaveTextContent('Demurrage owedUSD 1,250');
    // The terminal's local time, written in the reader's zone (UTC here).
    expect(section).toHaveTextContent('Discharged01/03/2026 18:12 · terminal');
    expect(section).toHaveTextContent('As of 03/03/2026 09:30');

    // The journey's demurrage deadline is the one the clocks count, and says whose it is.
    const lfd = screen.getAllByTestId('journey-stop').find((li) => li.dataset.stop === 'lastFreeDay')!;
    expect(lfd).toHaveTextContent('08/03/2026');
    expect(lfd).toHaveTextContent('Los Angeles (USLAX) · terminal');
  });

  it('says "available for pickup" once nothing holds it, and the terminal’s own words for what it owes', async () => {
    serve(
      atTerminal({
        terminal: terminal({
          status: 'available',
          facts: facts({
            readyForDelivery: true,
            holds: {
              customs: { state: 'none', names: [] },
              line: { state: 'none', names: [] },
              terminal: { state: 'none', names: [] },
            },
            demurrageOwed: { amount: null, currency: null, text: 'EUR 1.250,00' },
          }),
        }),
      }),
    );
    renderRoutes(appRoutes, PATH);
    const section = await screen.findByRole('region', { name: 'At the terminal' });
    expect(within(section).getByTestId('terminal-status')).toHaveTextContent('Available for pickup');
    expect(within(section).getByTestId('hold-customs')).toHaveTextContent('No hold');
    expect(section).toHaveTextContent('Demurrage owedEUR 1.250,00');
  });

  it('says when the terminal does not know the container yet', async () => {
    serve(atTerminal({ terminal: terminal({ status: 'unknown', facts: null, answeredAt: null }) }));
    renderRoutes(appRoutes, PATH);
    const section = await screen.findByRole('region', { name: 'At the terminal' });
    expect(section).toHaveTextContent('APM Terminals does not know this container at USLAX yet');
    expect(section).toHaveTextContent('Last asked 03/03/2026 09:30');
    expect(section).not.toHaveTextContent('As of');
  });

  it('shows no terminal section without a terminal answer, and the carrier’s day as the carrier’s', async () => {
    const detail = atTerminal({ terminal: null });
    serve({
      ...detail,
      shipmentOverall: {
        ...detail.shipmentOverall,
        lastFreeDay: { time: '2026-03-06T00:00:00.000Z', classifier: 'EST', location: losAngeles },
      },
      freeTime: freeTime(),
    });
    renderRoutes(appRoutes, PATH);
    await screen.findAllByTestId('journey-stop');
    expect(screen.queryByRole('region', { name: 'At the terminal' })).not.toBeInTheDocument();
    const lfd = screen.getAllByTestId('journey-stop').find((li) => li.dataset.stop === 'lastFreeDay')!;
    expect(lfd).toHaveTextContent('Los Angeles (USLAX) · carrier');
  });
});

describe('demurrage’s last free day on the clocks', () => {
  const freeTimeOf = (manual: string | null): ShipmentFreeTime => ({
    terms: BUILT_IN_TERMS,
    source: 'built_in',
    timeZone: 'UTC',
    milestones: {
      discharged: '2026-11-10T08:00:00.000Z',
      fullGateOut: null,
      emptyReturned: null,
      carrierLastFreeDay: '2026-11-12',
      terminalLastFreeDay: '2026-11-16',
      manualLastFreeDay: manual,
    },
  });

  it('names its source, and can be set by hand and removed again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
    const api = fakeApi({
      'GET /api/shipments/ocean/s-1/free-time': ok(freeTimeOf(null)),
      'PUT /api/shipments/ocean/s-1/last-free-day': (call) =>
        ok(freeTimeOf((call.body as { lastFreeDay: string | null }).lastFreeDay)),
    });
    try {
      renderWithProviders(<FreeTimeClocks shipmentId="s-1" canChange />);
      const demurrage = await screen.findByTestId('clock-demurrage');
      // The terminal's day wins over the carrier's.
      expect(demurrage).toHaveTextContent('1 day left');
      expect(demurrage).toHaveTextContent('Last free day 16/11/2026 (terminal)');

      await userEvent.click(screen.getByRole('button', { name: 'Last free day' }));
      const dialog = await screen.findByRole('dialog', { name: 'Last free day for this shipment' });
      const input = within(dialog).getByLabelText(/^Last free day/);
      expect(input).toHaveValue('2026-11-16');
      await userEvent.clear(input);
      await userEvent.type(input, '2026-11-20');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(api.callsTo('PUT /api/shipments/ocean/s-1/last-free-day').map((c) => c.body)).toEqual([
          { lastFreeDay: '2026-11-20' },
        ]),
      );
      await waitFor(() =>
        expect(screen.getByTestId('clock-demurrage')).toHaveTextContent(
          'Last free day 20/11/2026 (set by hand)',
        ),
      );

      await userEvent.click(screen.getByRole('button', { name: 'Last free day' }));
      const again = await screen.findByRole('dialog', { name: 'Last free day for this shipment' });
      await userEvent.click(within(again).getByRole('button', { name: 'Remove' }));
      await waitFor(() =>
        expect(screen.getByTestId('clock-demurrage')).toHaveTextContent(
          'Last free day 16/11/2026 (terminal)',
        ),
      );
      expect(api.callsTo('PUT /api/shipments/ocean/s-1/last-free-day').at(-1)!.body).toEqual({
        lastFreeDay: null,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers no way to set it to those who may not change shipments', async () => {
    fakeApi({ 'GET /api/shipments/ocean/s-1/free-time': ok(freeTimeOf(null)) });
    renderWithProviders(<FreeTimeClocks shipmentId="s-1" canChange={false} />);
    await screen.findByTestId('clock-demurrage');
    expect(screen.queryByRole('button', { name: 'Last free day' })).not.toBeInTheDocument();
  });
});

describe('a terminal’s new answer', () => {
  it('refetches the open shipment when the socket says its shipments changed', async () => {
    const api = fakeApi({
      'GET /api/workspaces/invite/list': ok([]),
      [DETAIL]: ok(atTerminal()),
    });
    function Page() {
      useLiveUpdates('u-1');
      useOceanShipment('MSKU1234565', 'MAEU261000001');
      return null;
    }
    render(<Page />, { wrapper: TestProviders });
    await waitFor(() => expect(api.callsTo(DETAIL)).toHaveLength(1));
    act(() => FakeWebSocket.latest().open());
    act(() => FakeWebSocket.latest().receive({ type: 'shipments.changed' }));
    await waitFor(() => expect(api.callsTo(DETAIL)).toHaveLength(2));
  });
});
