import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { oceanShipment } from '../../../test/ocean-shipment-fixtures';
import { renderWithProviders } from '../../../test/render';
import { ShipmentCell } from './shipment-cells';

describe('the arrival cell', () => {
  it('shows the ETA used and, on focus, every source’s ETA with its kind and band', async () => {
    const shipment = oceanShipment({
      arrivalVO: { eta: '2026-05-08T07:30:00.000Z', ata: null },
      arrivalEstimates: {
        used: 'manual',
        estimates: [
          {
            source: 'carrier',
            kind: 'port',
            eta: '2026-05-06T00:00:00.000Z',
            issuedAt: '2026-03-27T00:00:00.000Z',
            biasHours: null,
            confidence: null,
          },
          {
            source: 'terminal',
            kind: 'berth',
            eta: '2026-05-07T14:00:00.000Z',
            issuedAt: '2026-05-01T09:00:00.000Z',
            biasHours: null,
            confidence: null,
          },
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
      },
    });
    renderWithProviders(
      <ShipmentCell column="arrival" context={{ shipment, timeZone: 'UTC', detailHref: '/x' }} />,
    );
    const cell = screen.getByTestId('arrival-confidence');
    expect(cell).toHaveTextContent('08/05/2026');
    await userEvent.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(/^Set by hand \(used\): 08\/05\/2026/);
    expect(tooltip).toHaveTextContent('by Ada Lovelace');
    expect(tooltip).toHaveTextContent('Terminal: 07/05/2026 · ETA to berth');
    expect(tooltip).toHaveTextContent('Carrier: 06/05/2026 · ETA to port');
  });
});
