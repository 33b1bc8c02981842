import { describe, expect, it } from 'vitest';
import { checkContainerNumber } from '@tracklane/shared/validation/container-number';
import { demoBill } from './demo-bills';

const HOUR = 3_600_000;
const started = new Date('2026-11-01T00:00:00Z');
const query = (reference: string, kind: 'bl' | 'booking' = 'bl', carrierScac = 'MSCU') => ({
  kind,
  reference,
  carrierScac,
  trackingStartedAt: started,
});
const REFERENCES = Array.from({ length: 40 }, (_, i) => `MEDU44000${String(i).padStart(2, '0')}`);

describe('the demo carrier’s bills', () => {
  it('names the same valid containers of the carrier every time, one to four at first', () => {
    const answers = REFERENCES.map((r) => demoBill(query(r), started.getTime()));
    expect(answers).toEqual(REFERENCES.map((r) => demoBill(query(r), started.getTime())));
    const found = answers.filter((a) => a.status === 'found');
    // Some are not known, as with real carriers; most are.
    expect(found.length).toBeGreaterThan(30);
    expect(found.length).toBeLessThan(REFERENCES.length + 1);
    for (const answer of found) {
      expect(answer.containers.length).toBeGreaterThanOrEqual(1);
      expect(answer.containers.length).toBeLessThanOrEqual(4);
      for (const box of answer.containers) {
        expect(checkContainerNumber(box).valid).toBe(true);
        expect(['MSCU', 'MEDU', 'MSMU']).toContain(box.slice(0, 4));
      }
      expect(new Set(answer.containers.map((c) => c.slice(0, 4))).size).toBe(1);
      expect(answer.loaded).toBe(false);
      expect(answer.transportDocumentReference).toBeNull();
    }
  });

  it('has containers join some bills a day or so later, and loads every bill within five days', () => {
    const later = REFERENCES.map((r) => ({
      first: demoBill(query(r), started.getTime()),
      then: demoBill(query(r), started.getTime() + 40 * HOUR),
      loaded: demoBill(query(r), started.getTime() + 5 * 24 * HOUR),
    })).filter((a) => a.first.status === 'found');
    const joined = later.filter(
      (a) =>
        a.then.status === 'found' &&
        a.first.status === 'found' &&
        a.then.containers.length > a.first.containers.length,
    );
    expect(joined.length).toBeGreaterThan(0);
    for (const a of joined)
      if (a.first.status === 'found' && a.then.status === 'found')
        expect(a.then.containers.slice(0, a.first.containers.length)).toEqual(a.first.containers);
    for (const a of later) expect(a.loaded).toMatchObject({ status: 'found', loaded: true });
  });

  it('names a bill of lading with the carrier’s prefix for a booking', () => {
    const answer = REFERENCES.map((r) =>
      demoBill(query(r.slice(4), 'booking', 'MAEU'), started.getTime()),
    ).find((a) => a.status === 'found');
    expect(answer).toMatchObject({
      status: 'found',
      transportDocumentReference: expect.stringMatching(/^MAEU\d{9}$/),
    });
    if (answer?.status === 'found')
      for (const box of answer.containers) expect(box).toMatch(/^(MSKU|MRKU|MAEU)/);
  });
});
