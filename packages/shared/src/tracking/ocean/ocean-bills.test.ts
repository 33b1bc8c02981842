import { describe, expect, it } from 'vitest';
import { billStateText, checkOceanIntake, OCEAN_INTAKE_MESSAGES } from './ocean-bills';

describe('what an ocean intake row asks for', () => {
  it('is a container on its bill, a bill of lading alone or a booking alone', () => {
    expect(checkOceanIntake({ containerNo: 'mscu 123456-6', mblNo: 'medu 123456' })).toEqual({
      ok: true,
      kind: 'container',
      containerNo: 'MSCU1234566',
      mblNo: 'MEDU123456',
    });
    expect(checkOceanIntake({ containerNo: '', mblNo: 'MEDU-123456' })).toEqual({
      ok: true,
      kind: 'bill',
      billKind: 'bl',
      reference: 'MEDU123456',
    });
    expect(checkOceanIntake({ bookingNo: ' 241 100 123 ' })).toEqual({
      ok: true,
      kind: 'bill',
      billKind: 'booking',
      reference: '241100123',
    });
  });

  it('says the first thing wrong, in the words the spec and the form use', () => {
    const message = (input: Parameters<typeof checkOceanIntake>[0]) => {
      const checked = checkOceanIntake(input);
      return checked.ok ? null : checked.message;
    };
    expect(message({})).toBe(OCEAN_INTAKE_MESSAGES.nothing);
    expect(message({ containerNo: 'MSCU1234566' })).toBe('Enter a master bill of lading number');
    expect(message({ containerNo: 'MSCU1234567', mblNo: 'MEDU123456' })).toBe(
      'Check digit should be 6 for MSCU123456: please check the number',
    );
    expect(message({ mblNo: 'MEDU1', bookingNo: '241100123' })).toBe(OCEAN_INTAKE_MESSAGES.bothReferences);
    expect(message({ containerNo: 'MSCU1234566', bookingNo: '241100123' })).toBe(
      OCEAN_INTAKE_MESSAGES.containerWithBooking,
    );
    expect(message({ mblNo: 'AB#' })).toBe('A bill of lading number has 4 to 35 letters and digits');
    expect(message({ bookingNo: 'X1' })).toBe('A booking number has 4 to 35 letters and digits');
  });
});

describe('a followed bill’s state in words', () => {
  const bill = { kind: 'bl' as const, containerCount: 0, notAdded: [] as string[] };
  it('says what the carrier said', () => {
    expect(billStateText({ ...bill, state: 'pending' })).toBe('Asking the carrier for its containers');
    expect(billStateText({ ...bill, state: 'not_found' })).toBe(
      'The carrier does not know this bill of lading yet',
    );
    expect(billStateText({ ...bill, kind: 'booking', state: 'found' })).toBe(
      'The carrier names no container on this booking yet',
    );
    expect(billStateText({ ...bill, state: 'found', containerCount: 1 })).toBe('1 container found');
    expect(billStateText({ ...bill, state: 'completed', containerCount: 2, notAdded: ['MSCU1234566'] })).toBe(
      '3 containers found, 1 not added',
    );
  });
});
