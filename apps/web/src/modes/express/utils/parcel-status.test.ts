import { describe, expect, it } from 'vitest';
import { parcelStatusLook, reasonText, subStatusLabel } from './parcel-status';

describe('parcelStatusLook', () => {
  it('says the tracking state before any status', () => {
    expect(parcelStatusLook({ state: 'pending', status: null }).label).toBe('Fetching');
    expect(parcelStatusLook({ state: 'not_found', status: null }).label).toBe('Not found');
    expect(parcelStatusLook({ state: 'active', status: null }).label).toBe('No events yet');
  });

  it('names the parcel status in words', () => {
    expect(parcelStatusLook({ state: 'active', status: 'out_for_delivery' })).toEqual({
      label: 'Out for delivery',
      color: 'cyan',
    });
    expect(parcelStatusLook({ state: 'completed', status: 'delivered' }).label).toBe('Delivered');
  });
});

describe('subStatusLabel', () => {
  it.each([
    ['customs_hold', 'Customs hold'],
    ['RETURN_TO_SENDER', 'Return to sender'],
    ['address-issue', 'Address issue'],
  ])('%s reads %s', (code, label) => {
    expect(subStatusLabel(code)).toBe(label);
  });
});

describe('reasonText', () => {
  it('turns a code into words and keeps a carrier’s sentence as written', () => {
    expect(reasonText('address_issue', null)).toBe('Address issue');
    expect(reasonText('Receiver moved, new address unknown', 'address_issue')).toBe(
      'Receiver moved, new address unknown',
    );
  });

  it('says nothing when the reason only repeats the sub-status', () => {
    expect(reasonText('customs_hold', 'customs_hold')).toBeNull();
    expect(reasonText('  ', null)).toBeNull();
    expect(reasonText(null, 'customs_hold')).toBeNull();
  });
});
