/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { isKnownChecksum } from './parcel-checksums';
import { PARCEL_CARRIER_CODES, parcelCarrierFor } from './parcel-carriers';
import { detectParcelCarriers, parcelFormatId } from './parcel-number';
import { COURIERS } from './tracking-number-data/couriers.generated';

/**
 * Every sample number of every tracking_number_data file, read from the JSON itself (every file the
 * directory holds, so a file added later is tested too), against the detector running on the
 * generated module.
 */
interface SourceFormat {
  id?: string;
  name: string;
  regex: string | string[];
  validation?: Record<string, unknown>;
  tracking_url?: string | null;
  additional?: { name: string; regex_group_name: string; lookup: Record<string, unknown>[] }[];
  test_numbers: { valid: string[]; invalid?: string[] };
}
interface SourceCourier {
  name: string;
  courier_code: string;
  tracking_numbers: SourceFormat[];
}

const files = import.meta.glob<SourceCourier>('./tracking-number-data/*.json', {
  eager: true,
  import: 'default',
});
const sources = Object.entries(files)
  .map(([path, courier]) => [path.replace('./tracking-number-data/', ''), courier] as const)
  .sort(([a], [b]) => a.localeCompare(b));
const formats = sources.flatMap(([file, courier]) =>
  courier.tracking_numbers.map((format) => ({ file, courier, format, id: parcelFormatId(format) })),
);

describe('tracking_number_data samples', () => {
  it('reads the 18 courier files and their 39 formats', () => {
    expect(sources).toHaveLength(18);
    expect(formats).toHaveLength(39);
    expect(new Set(formats.map((f) => f.id)).size).toBe(formats.length);
  });

  describe.each(formats)('$file: $format.name', ({ courier, format, id }) => {
    it.each(format.test_numbers.valid)('recognises valid %j', (sample) => {
      const matches = detectParcelCarriers(sample);
      expect(matches.map((m) => `${m.courierCode}/${m.formatId}`)).toContain(`${courier.courier_code}/${id}`);
    });

    it.each(format.test_numbers.invalid ?? [])('refuses invalid %j', (sample) => {
      const matches = detectParcelCarriers(sample);
      expect(matches.map((m) => `${m.courierCode}/${m.formatId}`)).not.toContain(
        `${courier.courier_code}/${id}`,
      );
    });
  });

  it('implements every checksum algorithm the data declares', () => {
    const declared = formats.flatMap(({ format }) => {
      const checksum = format.validation?.checksum as { name: string } | undefined;
      return checksum ? [checksum.name] : [];
    });
    expect(declared.filter((name) => !isKnownChecksum(name))).toEqual([]);
  });

  it('maps every format to a carrier we offer', () => {
    for (const { courier, id } of formats) {
      expect(PARCEL_CARRIER_CODES).toContain(parcelCarrierFor(courier.courier_code, id));
    }
  });
});

describe('the generated module', () => {
  // What scripts/generate-parcel-formats.mjs keeps: everything detection reads, exactly as in the JSON.
  const keptEntryKeys = ['matches', 'matches_regex', 'name', 'description', 'courier'];
  const trimmed = (format: SourceFormat) => {
    const required = (format.validation?.additional as { exists?: string[] } | undefined)?.exists ?? [];
    const additional = (format.additional ?? [])
      .filter((lookup) => lookup.name === 'Service Type' || required.includes(lookup.name))
      .map((lookup) => ({
        name: lookup.name,
        regex_group_name: lookup.regex_group_name,
        lookup: lookup.lookup.map((entry) =>
          Object.fromEntries(Object.entries(entry).filter(([key]) => keptEntryKeys.includes(key))),
        ),
      }));
    return {
      ...(format.id ? { id: format.id } : {}),
      name: format.name,
      regex: Array.isArray(format.regex) ? format.regex.join('') : format.regex,
      validation: format.validation ?? {},
      ...(format.tracking_url !== undefined ? { tracking_url: format.tracking_url } : {}),
      ...(additional.length > 0 ? { additional } : {}),
    };
  };

  it('mirrors the JSON files (run scripts/generate-parcel-formats.mjs after changing them)', () => {
    expect(COURIERS).toEqual(
      sources.map(([, courier]) => ({
        name: courier.name,
        courier_code: courier.courier_code,
        tracking_numbers: courier.tracking_numbers.map(trimmed),
      })),
    );
  });
});
