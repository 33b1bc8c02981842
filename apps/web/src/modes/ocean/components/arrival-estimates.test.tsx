import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArrivalEstimates } from '@tracklane/shared/tracking/ocean/eta/eta-estimates.schema';
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
      source: 'tracklane',
      kind: 'port',
      eta: '2026-05-06T10:00:00.000Z',
      issuedAt: '2026-03-27T00:00:00.000Z',
      biasHours: 10,
      confidence: band,
    },
  ],
};

describe('ArrivalEstimatesSection', () => {
  it("shows each source's ETA side by side, which one is used, and Tracklane's as its own", () => {
    renderWithProviders(<ArrivalEstimatesSection estimates={ESTIMATES} timeZone="UTC" />);
    const carrier = screen.getByTestId('eta-source-carrier');
    expect(within(carrier).getByText('Carrier')).toBeInTheDocument();
    expect(within(carrier).getByText('Shown as the ETA')).toBeInTheDocument();
    expect(within(carrier).getByText(/21 arrivals, 7 days out/)).toBeInTheDocument();
    const own = screen.getByTestId('eta-source-tracklane');
    expect(within(own).getByText('Tracklane estimate')).toBeInTheDocument();
    expect(within(own).queryByText('Shown as the ETA')).toBeNull();
    expect(within(own).getByText(/Carrier ETA \+10 h, its median error on this lane/)).toBeInTheDocument();
  });

  it('says when there is no measured accuracy, and shows nothing once arrived', () => {
    const carrierOnly: ArrivalEstimates = {
      used: 'carrier',
      estimates: [{ ...ESTIMATES.estimates[0]!, confidence: null }],
    };
    const { unmount } = renderWithProviders(
      <ArrivalEstimatesSection estimates={carrierOnly} timeZone="UTC" />,
    );
    expect(screen.getByText(/fewer than 20 arrivals/)).toBeInTheDocument();
    expect(screen.queryByTestId('eta-source-tracklane')).toBeNull();
    unmount();
    renderWithProviders(<ArrivalEstimatesSection estimates={{ used: null, estimates: [] }} timeZone="UTC" />);
    expect(screen.queryByRole('region', { name: 'ETA by source' })).toBeNull();
  });
});
