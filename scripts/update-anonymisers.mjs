#!/usr/bin/env node
// `npm run anonymisers:update`: refreshes the anonymising-network list the protection gate reads
// (apps/server/data/anonymisers.txt, or ANONYMISER_LIST). Sources, comma-separated in
// ANONYMISER_SOURCES, each a plain list of addresses or CIDR ranges, one per line:
//   - the Tor Project's exit relays (https://check.torproject.org/torbulkexitlist);
//   - a VPN / hosting range list the operator chooses and is licensed to use (e.g. X4BNet's
//     lists_vpn, https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/vpn/ipv4.txt).
// Run it daily (cron); the server reads the file at start-up. A source that fails or returns
// nothing usable stops the update and leaves the current file as it is.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';

const DEFAULT_SOURCES = [
  'https://check.torproject.org/torbulkexitlist',
  'https://raw.githubusercontent.com/X4BNet/lists_vpn/main/output/vpn/ipv4.txt',
];
const target =
  process.env.ANONYMISER_LIST ??
  path.resolve(import.meta.dirname, '../apps/server/data/anonymisers.txt');
const sources = (process.env.ANONYMISER_SOURCES ?? DEFAULT_SOURCES.join(','))
  .split(',')
  .map((source) => source.trim())
  .filter(Boolean);
const MAX_BYTES = 50 * 1024 * 1024;

/** An address or CIDR range in canonical text, or null. */
function entryOf(line) {
  const text = line.replace(/#.*/, '').trim();
  if (!text) return null;
  const [address, bits, ...rest] = text.split('/');
  if (rest.length > 0) return null;
  const family = isIP(address);
  if (family === 0) return null;
  if (bits === undefined) return address;
  const prefix = Number(bits);
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && prefix <= max ? `${address}/${prefix}` : null;
}

const entries = new Set();
for (const source of sources) {
  let response;
  try {
    response = await fetch(source, { signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    console.error(`anonymisers: ${source}: ${error.message}; the list is unchanged`);
    process.exit(1);
  }
  const body = await response.text();
  if (!response.ok || body.length > MAX_BYTES) {
    console.error(`anonymisers: ${source}: HTTP ${response.status}; the list is unchanged`);
    process.exit(1);
  }
  let found = 0;
  for (const line of body.split('\n')) {
    const entry = entryOf(line);
    if (entry) {
      entries.add(entry);
      found += 1;
    }
  }
  if (found === 0) {
    console.error(`anonymisers: ${source} listed no addresses; the list is unchanged`);
    process.exit(1);
  }
  console.log(`anonymisers: ${source}: ${found} entries`);
}

const header = [
  `# Anonymising networks (VPN, proxy, Tor), ${entries.size} entries`,
  `# Generated ${new Date().toISOString()} by npm run anonymisers:update from:`,
  ...sources.map((source) => `#   ${source}`),
];
mkdirSync(path.dirname(target), { recursive: true });
const temporary = `${target}.${process.pid}.tmp`;
writeFileSync(temporary, `${[...header, ...[...entries].sort()].join('\n')}\n`);
renameSync(temporary, target);
console.log(`anonymisers: wrote ${entries.size} entries to ${target}`);
