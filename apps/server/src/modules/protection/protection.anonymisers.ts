import { existsSync, readFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';

/**
 * Addresses of anonymising networks (Tor exit relays, VPN and hosting ranges): a plain list of
 * addresses and CIDR ranges, one per line, `#` comments, refreshed by `npm run anonymisers:update`
 * (scripts/update-anonymisers.mjs: the Tor Project's bulk exit list and the operator's chosen VPN
 * range lists) and read at start-up into node's BlockList. A missing file means an empty list:
 * nothing is detected until the operator runs the update (the start-up log says so).
 */
export class AnonymiserList {
  private constructor(
    private readonly list: BlockList,
    readonly entries: number,
    readonly source: string | null,
  ) {}

  static empty(): AnonymiserList {
    return new AnonymiserList(new BlockList(), 0, null);
  }

  static parse(text: string, source: string | null = null): AnonymiserList {
    const list = new BlockList();
    let entries = 0;
    for (const raw of text.split('\n')) {
      const line = raw.replace(/#.*/, '').trim();
      if (!line) continue;
      const [address, bits] = line.split('/');
      const family = isIP(address ?? '');
      if (family === 0) continue;
      const type = family === 4 ? 'ipv4' : 'ipv6';
      const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) continue;
      list.addSubnet(address!, prefix, type);
      entries += 1;
    }
    return new AnonymiserList(list, entries, source);
  }

  static load(file = defaultAnonymiserPath()): AnonymiserList {
    if (!existsSync(file)) return AnonymiserList.empty();
    return AnonymiserList.parse(readFileSync(file, 'utf8'), file);
  }

  has(ip: string): boolean {
    const address = ip.replace(/^::ffff:/, '');
    const family = isIP(address);
    if (family === 0 || this.entries === 0) return false;
    return this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  }
}

export function defaultAnonymiserPath(): string {
  return path.resolve(import.meta.dirname, '../../../data/anonymisers.txt');
}
