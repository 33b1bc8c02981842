import { describe, expect, it } from 'vitest';
import { terminalFactsSchema, type TerminalFacts } from './terminal-availability';

const none = { state: 'none' as const, names: [] };
const facts: TerminalFacts = {
  facility: 'USLAX',
  stage: 'inbound',
  readyForDelivery: false,
  holds: { customs: none, line: none, terminal: none },
  lastFreeDay: null,
  demurrageOwed: null,
  yardLocation: null,
  dischargedAt: null,
  leftAt: null,
  appointmentAt: null,
  shippingLine: 'MAE',
  vesselName: 'MAERSK ESSEN',
  vesselEta: '2026-02-28T06:00:00-08:00',
};

describe('terminal facts', () => {
  it("keep the vessel's ETA as the terminal wrote it, and read facts stored before it was kept", () => {
    expect(terminalFactsSchema.parse(facts).vesselEta).toBe('2026-02-28T06:00:00-08:00');
    const { vesselEta: _kept, ...older } = facts;
    expect(terminalFactsSchema.safeParse(older).success).toBe(true);
  });
});
