import type { Query } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { reliabilityReport } from '@tracklane/shared/tracking/ocean/reliability/report';
import { rollUp, type ArrivalFact } from '@tracklane/shared/tracking/ocean/reliability/rollup';
import { beforeEach, describe, expect, it } from 'vitest';
import { isWorkspaceView } from '../lib/live-invalidation';
import { RELIABILITY_QUERY_KEY } from '../lib/reliability';
import { fail, fakeApi, ok } from '../test/fake-api';
import { acme, acmeDefault, selectionOf } from '../test/organization-fixtures';
import { renderRoutes } from '../test/render';
import { signInAsAgreedUser } from '../test/session';
import { appRoutes } from './router';

const fact = (over: Partial<ArrivalFact>): ArrivalFact => ({
  source: 'carrier',
  carrier: 'MAEU',
  pol: 'CNSHA',
  pod: 'NLRTM',
  transshipments: [],
  arrivedAt: new Date(),
  onTime: true,
  delayHours: null,
  rolls: 0,
  errorHours: [12, 12, 12, 12],
  ...over,
});

/** Three arrivals this month: MAEU on time, MAEU 4 days late via Singapore, HLCU 2 days late. */
function report(arrivals: ArrivalFact[]) {
  const month = new Date().toISOString().slice(0, 7);
  return reliabilityReport('workspace', { from: month, to: month }, rollUp(arrivals));
}
const ARRIVALS = [
  fact({}),
  fact({ onTime: false, delayHours: 96, transshipments: ['SGSIN'], rolls: 1, errorHours: [96, 24, 24, 24] }),
  fact({ carrier: 'HLCU', pod: 'DEHAM', onTime: false, delayHours: 48, errorHours: [48, 48, 48, 48] }),
];

function serve(answer: ReturnType<typeof ok> | Response) {
  return fakeApi({
    'GET /api/workspaces/get': ok([acme]),
    'POST /api/workspaces/setCookies': ok(selectionOf(acmeDefault)),
    'GET /api/reliability': answer,
    'GET /api/reliability/organization': answer,
  });
}

beforeEach(() => {
  signInAsAgreedUser();
});

describe('the reliability page', { timeout: 20_000 }, () => {
  it('shows the period’s figures, the tables and the industry figure as reference', async () => {
    const api = serve(ok(report(ARRIVALS)));
    renderRoutes(appRoutes, '/reliability');
    const onTime = await screen.findByText('On time', { selector: 'p' });
    expect(onTime.parentElement).toHaveTextContent('33%');
    expect(onTime.parentElement).toHaveTextContent('1 of 3 with an ETA');
    const carriers = screen.getByRole('heading', { name: 'Per carrier' }).closest('div')!;
    expect(within(carriers).getByText('MAEU').closest('tr')).toHaveTextContent('MAEU250%');
    expect(screen.getByRole('heading', { name: 'Per transshipment port' }).closest('div')).toHaveTextContent(
      'SGSIN',
    );
    expect(screen.getByRole('img', { name: 'On-time share by month' })).toBeInTheDocument();
    expect(screen.getByText(/Sea-Intelligence/)).toHaveTextContent('62.8% in December 2025');
    const call = api.calls.find((c) => c.path === '/api/reliability');
    expect(call?.query.from).toMatch(/^\d{4}-\d{2}$/);
  });

  it('shows the ETA error at 14, 7, 3 and 1 days of every source with measured arrivals', async () => {
    serve(
      ok(
        report([
          ...ARRIVALS,
          fact({ source: 'terminal', errorHours: [null, 36, 12, -12] }),
          fact({ source: 'manual', errorHours: [null, null, 48, 24] }),
        ]),
      ),
    );
    renderRoutes(appRoutes, '/reliability');
    const table = (await screen.findByRole('heading', { name: 'ETA error by source' })).closest('section')!;
    // Carrier: 14 days out |12|, |96|, |48| → 52 h (2.2 d) on average, 52 h late, 3 arrivals.
    expect(within(table).getByTestId('eta-error-carrier')).toHaveTextContent('Carrier2.2 d2.2 d late · 3');
    expect(within(table).getByTestId('eta-error-terminal')).toHaveTextContent(
      'Terminal (to berth)–1.5 d1.5 d late · 10.5 d0.5 d late · 10.5 d0.5 d early · 1',
    );
    expect(within(table).getByTestId('eta-error-manual')).toHaveTextContent('Set by hand––2.0 d');
    // No Tracklane estimate was measured in the period: no row for it.
    expect(within(table).queryByTestId('eta-error-tracklane')).toBeNull();
  });

  it('says what to do when nothing arrived', async () => {
    serve(ok(report([])));
    renderRoutes(appRoutes, '/reliability');
    expect(await screen.findByText('No arrivals to measure in this period')).toBeInTheDocument();
  });

  it('says what went wrong on an error', async () => {
    serve(fail(400, 'VALIDATION', 'Choose a period of at most 36 months.'));
    renderRoutes(appRoutes, '/reliability');
    expect(await screen.findByText('Could not load the reliability figures')).toBeInTheDocument();
    expect(screen.getByText(/Choose a period of at most 36 months/)).toBeInTheDocument();
  });

  it('refetches on the workspace’s live message', () => {
    const query = {
      queryKey: [...RELIABILITY_QUERY_KEY, 'workspace', { from: '2026-01' }],
    } as unknown as Query;
    expect(isWorkspaceView(query)).toBe(true);
  });
});
