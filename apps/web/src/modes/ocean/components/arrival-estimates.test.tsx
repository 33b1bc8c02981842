import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ArrivalEstimates } from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
import { fakeApi, fail, ok } from '../../../test/fake-api';
import { oceanShipmentDetail } from '../../../test/ocean-shipment-fixtures';
import { renderWithProviders } from '../../../test/render';
import { ArrivalEstimatesSection } from './arrival-estimates';

const band = {
  horizonDays: 7 as const,
  samples: 21,
  from: '2026-05-06T02:00:00.000Z',
  to: '2026-05-06T18:00:00.000Z',
};
const ESTIMATES: ArrivalEstimates = {
  used: 'carrier',
  estimates: [
    {
      source: 'carrier',
      kind: 'port',
      eta: '2026-05-06T00:00:00.000Z',
      issuedAt: '2026-03-27T00:00:00.000Z',
      biasHours: null,
      confidence: band,
    },
    {
      source: 'terminal',
      kind: 'berth',
      eta: '2026-05-06T14:00:00.000Z',
      issuedAt: '2026-05-01T09:00:00.000Z',
      biasHours: null,
      confidence: null,
    },
    {
      source: 'tracklane',
      kind: 'port',
      eta: '2026-05-06T10:00:00.000Z',
      issuedAt: '2026-03-27T00:00:00.000Z',
      biasHours: 10,
      confidence: band,
    },
  ],
};
const BY_HAND: ArrivalEstimates = {
  used: 'manual',
  estimates: [
    ESTIMATES.estimates[0]!,
    {
      source: 'manual',
      kind: 'port',
      eta: '2026-05-08T07:30:00.000Z',
      issuedAt: '2026-05-02T12:00:00.000Z',
      issuedBy: 'Ada Lovelace',
      biasHours: null,
      confidence: null,
    },
  ],
};

const section = (estimates: ArrivalEstimates, options: { canChange?: boolean; arrived?: boolean } = {}) => (
  <ArrivalEstimatesSection
    shipmentId="s-1"
    estimates={estimates}
    timeZone="UTC"
    arrived={options.arrived ?? false}
    canChange={options.canChange ?? false}
  />
);

describe('ArrivalEstimatesSection', () => {
  it("shows each source's ETA side by side with its kind, which one is used, and Tracklane's as its own", () => {
    renderWithProviders(section(ESTIMATES));
    const carrier = screen.getByTestId('eta-source-carrier');
    expect(within(carrier).getByText('Carrier')).toBeInTheDocument();
    expect(within(carrier).getByText('Used as the ETA')).toBeInTheDocument();
    expect(within(carrier).getByText(/ETA to port · issued 27\/03\/2026/)).toBeInTheDocument();
    expect(within(carrier).getByText(/21 arrivals, 7 days out/)).toBeInTheDocument();
    const terminal = screen.getByTestId('eta-source-terminal');
    expect(within(terminal).getByText(/ETA to berth · issued 01\/05\/2026 09:00/)).toBeInTheDocument();
    expect(within(terminal).queryByText('Used as the ETA')).toBeNull();
    const own = screen.getByTestId('eta-source-tracklane');
    expect(within(own).getByText('Tracklane estimate')).toBeInTheDocument();
    expect(within(own).queryByText('Used as the ETA')).toBeNull();
    expect(within(own).getByText(/Carrier ETA \+10 h, its median error on this lane/)).toBeInTheDocument();
    // Only a member who may change the shipment sets an ETA by hand.
    expect(screen.queryByRole('button', { name: 'Set ETA' })).toBeNull();
  });

  it('names who set an ETA by hand and when, and that it is the one used', () => {
    renderWithProviders(section(BY_HAND));
    const manual = screen.getByTestId('eta-source-manual');
    expect(within(manual).getByText('Set by hand')).toBeInTheDocument();
    expect(within(manual).getByText('Used as the ETA')).toBeInTheDocument();
    expect(within(manual).getByText(/set 02\/05\/2026 12:00 by Ada Lovelace/)).toBeInTheDocument();
    expect(within(screen.getByTestId('eta-source-carrier')).queryByText('Used as the ETA')).toBeNull();
  });

  it('sets an ETA by hand in the reader’s time zone, clears it, and says why a save failed', async () => {
    const detail = oceanShipmentDetail();
    const api = fakeApi({
      'PUT /api/shipments/ocean/s-1/eta': (call) =>
        (call.body as { eta: string | null }).eta === '2026-05-09T22:00:00.000Z'
          ? fail(400, 'VALIDATION', 'Give an ETA between 2000 and 2099.')
          : ok(detail),
    });
    renderWithProviders(
      <ArrivalEstimatesSection
        shipmentId="s-1"
        estimates={BY_HAND}
        timeZone="Europe/Amsterdam"
        arrived={false}
        canChange
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change ETA' }));
    const dialog = await screen.findByRole('dialog', { name: 'ETA for this shipment' });
    const input = within(dialog).getByLabelText(/Arrival at the port of discharge \(Europe\/Amsterdam\)/);
    // Opened on the ETA set by hand, on the reader's clock (UTC+2 in May).
    expect(input).toHaveValue('2026-05-08T09:30');
    await userEvent.clear(input);
    await userEvent.type(input, '2026-05-09T12:15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save ETA' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/shipments/ocean/s-1/eta').map((c) => c.body)).toEqual([
        { eta: '2026-05-09T10:15:00.000Z' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Change ETA' }));
    const again = await screen.findByRole('dialog', { name: 'ETA for this shipment' });
    await userEvent.click(within(again).getByRole('button', { name: 'Clear ETA set by hand' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/shipments/ocean/s-1/eta').at(-1)!.body).toEqual({ eta: null }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Change ETA' }));
    const third = await screen.findByRole('dialog', { name: 'ETA for this shipment' });
    const field = within(third).getByLabelText(/Arrival at the port of discharge/);
    await userEvent.clear(field);
    await userEvent.type(field, '2026-05-10T00:00');
    await userEvent.click(within(third).getByRole('button', { name: 'Save ETA' }));
    expect(await screen.findByText('Give an ETA between 2000 and 2099.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'ETA for this shipment' })).toBeInTheDocument();
  });

  it('says when there is no measured accuracy, and shows nothing once arrived', () => {
    const carrierOnly: ArrivalEstimates = {
      used: 'carrier',
      estimates: [{ ...ESTIMATES.estimates[0]!, confidence: null }],
    };
    const { unmount } = renderWithProviders(section(carrierOnly));
    expect(screen.getByText(/fewer than 20 arrivals/)).toBeInTheDocument();
    expect(screen.queryByTestId('eta-source-tracklane')).toBeNull();
    unmount();
    const empty = { used: null, estimates: [] };
    const arrived = renderWithProviders(section(empty, { arrived: true, canChange: true }));
    expect(screen.queryByRole('region', { name: 'ETA by source' })).toBeNull();
    arrived.unmount();
    // No ETA from anyone yet: a member who may change it is offered to set one.
    renderWithProviders(section(empty, { canChange: true }));
    expect(screen.getByRole('region', { name: 'ETA by source' })).toHaveTextContent(/No ETA yet/);
    expect(screen.getByRole('button', { name: 'Set ETA' })).toBeInTheDocument();
  });
});
