import { describe, expect, it } from 'vitest';
import { carrierByScac, inferCarrierFromMbl, OCEAN_CARRIERS } from './carriers';
import { PORTS, portByLocode } from './ports';

describe('carriers', () => {
  it.each([
    ['MEDUJ1234567', 'MSCU'],
    ['MEDU2N345678', 'MSCU'],
    ['HLCUSHA2311ABCD1', 'HLCU'],
    ['COSU6321234560', 'COSU'],
    ['ONEYSHAE12345600', 'ONEY'],
    ['EGLV142300012345', 'EGLV'],
    ['maeu123456789', 'MAEU'],
  ])('infers the carrier of %s', (mbl, scac) => {
    expect(inferCarrierFromMbl(mbl)?.scac).toBe(scac);
  });

  it('does not guess for unknown prefixes', () => {
    expect(inferCarrierFromMbl('ABCD12345')).toBeUndefined();
    expect(inferCarrierFromMbl('123456789')).toBeUndefined();
  });

  it('has unique SCACs and prefixes, each of four letters', () => {
    const scacs = OCEAN_CARRIERS.map((c) => c.scac);
    const prefixes = OCEAN_CARRIERS.flatMap((c) => c.mblPrefixes);
    expect(new Set(scacs).size).toBe(scacs.length);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const code of [...scacs, ...prefixes]) expect(code).toMatch(/^[A-Z]{4}$/);
    expect(carrierByScac('mscu')?.name).toContain('MSC');
  });
});

describe('ports', () => {
  it('are UN/LOCODEs with plausible coordinates', () => {
    for (const port of PORTS) {
      expect(port.locode).toMatch(/^[A-Z]{2}[A-Z2-9]{3}$/);
      expect(port.locode.slice(0, 2)).toBe(port.country);
      expect(Math.abs(port.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(port.lon)).toBeLessThanOrEqual(180);
    }
    expect(new Set(PORTS.map((p) => p.locode)).size).toBe(PORTS.length);
    expect(portByLocode('nlrtm')?.name).toBe('Rotterdam');
  });
});
