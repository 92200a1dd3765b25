#!/usr/bin/env node
// Import boundaries that review alone would miss:
// - server modules meet only through each other's index.ts;
// - server platform code never imports a module;
// - web/back-office features never import each other;
// - no import circle in the server, type-only imports included (madge);
// - a server module's code names only its own tables (and the platform's): another module's
//   data comes through that module's index.ts, or from a read model fed by its domain events.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const problems = [];

function walk(dir, files = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, files);
    else if (/\.(ts|tsx)$/.test(name)) files.push(full);
  }
  return files;
}

function imports(file) {
  const source = readFileSync(file, 'utf8');
  return [
    ...source.matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((match) => match[1] ?? match[2]);
}

function check(base, rule) {
  const dir = path.join(root, base);
  let files;
  try {
    files = walk(dir);
  } catch {
    return;
  }
  for (const file of files) {
    for (const specifier of imports(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const problem = rule(path.relative(dir, file), path.relative(dir, target));
      if (problem) problems.push(`${path.relative(root, file)}: imports ${specifier} — ${problem}`);
    }
  }
}

const moduleOf = (relative) => /^modules\/([^/]+)\//.exec(`${relative}`)?.[1] ?? null;

check('apps/server/src', (from, to) => {
  const source = moduleOf(from);
  const target = moduleOf(to);
  if (from.startsWith('platform/') && target) return 'platform code must not depend on modules';
  if (target && source !== target && !/^modules\/[^/]+\/index(\.ts)?$/.test(to)) {
    return `module "${source ?? 'composition'}" may use module "${target}" only through its index.ts`;
  }
  return null;
});

for (const app of ['apps/web/src', 'apps/backoffice/src']) {
  check(app, (from, to) => {
    const source = /^features\/([^/]+)\//.exec(from)?.[1];
    const target = /^features\/([^/]+)(\/|$)/.exec(to)?.[1];
    if (source && target && source !== target)
      return `feature "${source}" must not import feature "${target}"`;
    if (/^(components|lib|i18n)\//.test(from) && target)
      return 'shared code must not import a feature';
    return null;
  });
}

// Table ownership. Every table a migration creates has one owner: a module below or the
// platform. A module's code may name its own tables and the platform's; the checker looks where
// a table can be named: the table types a repository narrows the handle to
// (`withTables<…>`, `Kysely<…>`, `Transaction<…>`), the query builder's table arguments
// (`selectFrom('…')`, joins, `sql.table('…')`), and SQL text (a template tagged `sql`, or any
// literal that reads as a statement), by a word match on every known table name.
const TABLE_OWNERS = {
  affiliate: [
    'affiliate_campaigns',
    'affiliate_program',
    'affiliate_commissions',
    'affiliate_adjustments',
  ],
  audit: ['audit_log', 'audit_chain_head'],
  auth: [
    'player_sessions',
    'password_resets',
    'player_two_factor',
    'player_recovery_codes',
    'player_login_challenges',
    'player_passkeys',
    'player_passkey_challenges',
  ],
  backoffice: ['player_notes', 'balance_adjustments', 'adjustment_thresholds'],
  bonus: [
    'promotions',
    'bonuses',
    'bonus_wagers',
    'bonus_bets',
    'bonus_moves',
    'bonus_settings',
    'bonus_risk_flags',
    'bonus_bet_selections',
    'free_bets',
    'free_spin_grants',
    'free_spin_rounds',
  ],
  cashier: [
    'banks',
    'payment_gateways',
    'currency_payment_gateways',
    'payments',
    'payment_webhooks',
    'payment_status_history',
  ],
  casino: [
    'game_providers',
    'fair_seeds',
    'casino_bets',
    'originals_settings',
    'originals_limits',
    'originals_game_limits',
    'crash_chains',
    'crash_rounds',
    'crash_bets',
    'casino_games',
    'casino_provider_integrations',
    'casino_game_sessions',
    'provider_rounds',
    'provider_transactions',
  ],
  compliance: ['aml_rules', 'aml_alerts', 'aml_alert_notes', 'source_of_funds_requests'],
  crypto: ['crypto_deposits', 'crypto_callbacks', 'crypto_withdrawals'],
  currencies: ['currencies'],
  kyc: ['kyc_verifications', 'kyc_documents', 'kyc_callbacks'],
  ledger: ['ledger_accounts', 'ledger_transfers', 'ledger_holds'],
  loyalty: [
    'loyalty_levels',
    'loyalty_settings',
    'loyalty_players',
    'loyalty_rakeback',
    'loyalty_bets',
    'loyalty_rewards',
    'loyalty_claims',
  ],
  mail: ['mail_outbox'],
  races: ['races', 'race_prizes', 'race_bets', 'race_entries', 'race_payouts', 'race_privacy'],
  players: ['players'],
  protection: [
    'jurisdictions',
    'location_policy',
    'player_protection',
    'deposit_limit_usage',
    'stake_limit_usage',
    'protection_history',
  ],
  settings: ['operator_settings'],
  sportsbook: [
    'sb_sports',
    'sb_competitions',
    'sb_events',
    'sb_markets',
    'sb_selections',
    'sb_limits',
    'sb_player_limits',
    'sb_player_preferences',
    'sb_live_settings',
    'sb_early_payout_settings',
    'sb_cashout_settings',
    'sb_bets',
    'sb_bet_legs',
    'sb_bet_cashouts',
    'sb_open_stakes',
    'sb_builder_settings',
    'sb_feed_log',
    'sb_feed_settings',
  ],
  staff: ['staff', 'staff_sessions', 'staff_recovery_codes'],
  // The back office's view of event delivery: the platform's outbox owns what it shows.
  system: [],
  vitals: ['web_vitals'],
  wagers: [],
  wallet: [],
};
/** Written only through platform code (the outbox, migrations, rate limits, leader leases), which any module may call. */
const PLATFORM_TABLES = [
  'outbox_events',
  'outbox_cursors',
  'outbox_lease',
  'outbox_dead_letters',
  'schema_migrations',
  'rate_limit_buckets',
  'leader_leases',
  'platform_secrets_check',
];

const ownerOf = new Map();
for (const [module, tables] of Object.entries(TABLE_OWNERS)) {
  for (const table of tables) {
    if (ownerOf.has(table)) problems.push(`table ${table} has two owners in the ownership map`);
    ownerOf.set(table, module);
  }
}
for (const table of PLATFORM_TABLES) ownerOf.set(table, 'platform');

const migrations = path.join(root, 'apps/server/src/platform/db/migrations');
const created = new Set();
for (const name of readdirSync(migrations).filter((file) => file.endsWith('.sql'))) {
  const text = readFileSync(path.join(migrations, name), 'utf8');
  for (const match of text.matchAll(/\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?(\w+)/gi)) {
    const table = match[1].toLowerCase();
    created.add(table);
    if (!ownerOf.has(table))
      problems.push(
        `migrations/${name}: table ${table} has no owner in scripts/check-boundaries.mjs`,
      );
  }
}
for (const [table, owner] of ownerOf) {
  if (owner !== 'platform' && !created.has(table))
    problems.push(`ownership map: ${owner} owns ${table}, which no migration creates`);
}

/**
 * The source with comments and the text of literals blanked (offsets and lines kept), and the
 * literals: strings, and templates with each `${…}` as ` ? `. Regular expressions are told from
 * division by what precedes them, which is enough for this code base.
 */
function lex(source) {
  const code = source.split('');
  const literals = [];
  const open = [];
  let depth = 0;
  let i = 0;
  let last = '';
  const blank = (from, to) => {
    for (let k = from; k < to; k += 1) if (code[k] !== '\n') code[k] = ' ';
  };
  const template = (literal) => {
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') {
        literal.text += source.slice(i, i + 2);
        blank(i, i + 2);
        i += 2;
      } else if (c === '`') {
        i += 1;
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        literal.text += ' ? ';
        i += 2;
        depth += 1;
        open.push({ literal, depth });
        return;
      } else {
        literal.text += c;
        blank(i, i + 1);
        i += 1;
      }
    }
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      blank(i, end < 0 ? source.length : end);
      i = end < 0 ? source.length : end;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      blank(i, end < 0 ? source.length : end + 2);
      i = end < 0 ? source.length : end + 2;
    } else if (c === '"' || c === "'") {
      const literal = { kind: 'string', text: '', start: i };
      i += 1;
      while (i < source.length && source[i] !== c && source[i] !== '\n') {
        literal.text += source[i] === '\\' ? source[i + 1] : source[i];
        i += source[i] === '\\' ? 2 : 1;
      }
      blank(literal.start + 1, i);
      i += 1;
      literals.push(literal);
      last = 'x';
    } else if (c === '`') {
      const before = code.slice(Math.max(0, i - 300), i).join('');
      const literal = {
        kind: 'template',
        text: '',
        start: i,
        sql: /\bsql\s*(?:<[^`]*>)?\s*$/.test(before),
      };
      literals.push(literal);
      i += 1;
      template(literal);
      last = 'x';
    } else if (
      c === '/' &&
      (last === '' ||
        /[(,=:[!&|?{};+\-*%<>~^]/.test(last) ||
        /\b(?:return|typeof|case)\s*$/.test(code.slice(Math.max(0, i - 8), i).join('')))
    ) {
      const start = i;
      let inClass = false;
      i += 1;
      while (i < source.length && source[i] !== '\n') {
        if (source[i] === '\\') i += 1;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        else if (source[i] === '/' && !inClass) break;
        i += 1;
      }
      i += 1;
      blank(start + 1, i - 1);
      last = 'x';
    } else {
      if (c === '{') depth += 1;
      if (c === '}') {
        const top = open.at(-1);
        if (top && top.depth === depth) {
          open.pop();
          depth -= 1;
          i += 1;
          template(top.literal);
          last = 'x';
          continue;
        }
        depth -= 1;
      }
      if (!/\s/.test(c)) last = c;
      i += 1;
    }
  }
  // Unbalanced braces mean the reading went wrong (a regular expression taken for division, say):
  // better to say so than to check half a file.
  return { code: code.join(''), literals, readable: depth === 0 && open.length === 0 };
}

/** The text between the bracket at `start` and its partner, nested brackets included. */
function bracketed(text, start) {
  const pairs = { '<': '>', '{': '}', '(': ')', '[': ']' };
  const stack = [];
  for (let k = start; k < text.length; k += 1) {
    const c = text[k];
    if (c === '=' && text[k + 1] === '>') {
      k += 1;
      continue;
    }
    if (pairs[c]) stack.push(pairs[c]);
    else if (c === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return text.slice(start + 1, k);
    }
  }
  return text.slice(start + 1);
}

/** Top-level property names of the object types in a type expression, following aliases. */
function tableKeys(expression, aliases, seen = new Set()) {
  const keys = new Set();
  let depth = 0;
  let top = '';
  let member = '';
  for (const [k, c] of [...expression].entries()) {
    if (c === '>' && expression[k - 1] === '=') continue;
    if ('{<(['.includes(c)) depth += 1;
    if (c === '{' && depth === 1) member = '';
    else if (depth === 1 && c !== '}') member += c;
    else if (depth === 0) top += c;
    if ('}>)]'.includes(c)) {
      if (c === '}' && depth === 1)
        for (const match of member.matchAll(
          /(?:^|[;,\n{])\s*(?:readonly\s+)?['"]?(\w+)['"]?\??\s*:/g,
        ))
          keys.add(match[1]);
      depth -= 1;
    }
  }
  for (const [name] of top.matchAll(/\b[A-Z]\w*\b/g)) {
    if (seen.has(name) || !aliases.has(name)) continue;
    seen.add(name);
    for (const key of tableKeys(aliases.get(name), aliases, seen)) keys.add(key);
  }
  return keys;
}

const tableNames = [...ownerOf.keys()];
const tableWord = new RegExp(`(?<![\\w.])(?:public\\.)?(${tableNames.join('|')})\\b`, 'g');
const STATEMENT =
  /\b(?:select\b[\s\S]*\bfrom|insert\s+into|delete\s+from|update\s+\w+\s+set|create\s+table)\b/i;
/** SQL text without comments and quoted literals (a JSON key is not a table). */
const sqlWords = (text) =>
  text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(\w+)"/g, '$1');
const TABLE_ARGUMENT =
  /\.(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|with|using|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|table)\(\s*(\[?)/g;

const modulesDir = path.join(root, 'apps/server/src/modules');
const moduleFiles = new Map();
for (const module of readdirSync(modulesDir)) {
  if (!statSync(path.join(modulesDir, module)).isDirectory()) continue;
  if (!(module in TABLE_OWNERS))
    problems.push(`modules/${module}: not in the ownership map of scripts/check-boundaries.mjs`);
  const files = walk(path.join(modulesDir, module)).filter((file) => !/\.test\.tsx?$/.test(file));
  moduleFiles.set(
    module,
    files
      .map((file) => ({ file, source: readFileSync(file, 'utf8') }))
      .map((entry) => ({
        ...entry,
        ...lex(entry.source),
      })),
  );
}
/**
 * Type aliases (`type Name = …;`) per file; a name is looked up in its file, then its module,
 * then every module (a type imported from elsewhere).
 */
function aliasesIn(code) {
  const aliases = new Map();
  for (const match of code.matchAll(/\btype\s+(\w+)\s*(?:<[^=]*>)?\s*=/g)) {
    let end = match.index + match[0].length;
    let depth = 0;
    for (; end < code.length; end += 1) {
      const c = code[end];
      if ('{<(['.includes(c)) depth += 1;
      else if ('}>)]'.includes(c) && !(c === '>' && code[end - 1] === '=')) depth -= 1;
      else if (c === ';' && depth === 0) break;
    }
    aliases.set(match[1], code.slice(match.index + match[0].length, end));
  }
  return aliases;
}
for (const files of moduleFiles.values())
  for (const entry of files) entry.aliases = aliasesIn(entry.code);
const moduleAliases = (files) => new Map(files.flatMap((entry) => [...entry.aliases]));
const allAliases = new Map([...moduleFiles.values()].flatMap((files) => [...moduleAliases(files)]));

for (const [module, files] of moduleFiles) {
  const inModule = new Map([...allAliases, ...moduleAliases(files)]);
  for (const { file, source, code, literals, readable, aliases: inFile } of files) {
    const aliases = new Map([...inModule, ...inFile]);
    if (!readable) problems.push(`${path.relative(root, file)}: the table check could not read it`);
    const lineOf = (offset) => source.slice(0, offset).split('\n').length;
    const named = new Map();
    const note = (table, offset, how) => {
      const owner = ownerOf.get(table);
      if (owner === module || owner === 'platform') return;
      const key = `${table}:${lineOf(offset)}`;
      if (!named.has(key)) named.set(key, { table, owner, line: lineOf(offset), how });
    };
    for (const match of code.matchAll(/\b(?:withTables|Kysely|Transaction)\s*</g)) {
      const start = match.index + match[0].length - 1;
      for (const key of tableKeys(bracketed(code, start), aliases))
        if (ownerOf.has(key)) note(key, match.index, 'a table type');
    }
    for (const match of code.matchAll(TABLE_ARGUMENT)) {
      const from = match.index + match[0].length - (match[1] ? 1 : 0);
      const to = match[1] ? from + bracketed(code, from).length + 1 : from + 1;
      for (const literal of literals) {
        if (literal.kind !== 'string' || literal.start < from || literal.start > to) continue;
        const table = /^\s*(?:public\.)?(\w+)/.exec(literal.text)?.[1];
        if (table && ownerOf.has(table)) note(table, literal.start, 'a query builder argument');
      }
    }
    // A table name chosen at run time (`sql.table(name)`): every literal naming a table counts.
    const dynamic = /\bsql\.(?:table|id)\(\s*[^\s'"]/.test(code);
    for (const literal of literals) {
      if (dynamic && literal.kind === 'string' && ownerOf.has(literal.text))
        note(literal.text, literal.start, 'a table name chosen at run time');
      if (!(literal.sql || STATEMENT.test(literal.text))) continue;
      const text = sqlWords(literal.text);
      for (const match of text.matchAll(tableWord)) note(match[1], literal.start, 'SQL text');
    }
    for (const { table, owner, line, how } of named.values()) {
      problems.push(
        `${path.relative(root, file)}:${line}: module "${module}" names table ${table} (${how}), ` +
          `which module "${owner}" owns: ask its service (its index.ts) or keep a read model fed by its events`,
      );
    }
  }
}

// The architecture map lists each module's tables; it must say what the map above says.
const architecture = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
const documented = new Map();
for (const match of architecture.matchAll(/^\| `([a-z-]+)`[^|]*\|([^|]*)\|/gm)) {
  const tables = [...match[2].matchAll(/`(\w+)`/g)].map((m) => m[1]).filter((t) => ownerOf.has(t));
  documented.set(match[1], [...(documented.get(match[1]) ?? []), ...tables]);
}
for (const [module, tables] of Object.entries(TABLE_OWNERS)) {
  const listed = [...(documented.get(module) ?? [])].sort().join(', ');
  if (listed !== [...tables].sort().join(', '))
    problems.push(
      `docs/architecture.md: module "${module}" owns ${tables.join(', ') || 'no table'}, the map lists ${listed || 'none'}`,
    );
}

// A circle is a module that cannot be built, or tested, without the one that needs it; the
// boundary rules above allow one between two index.ts files, so madge walks the whole graph.
const server = path.join(root, 'apps/server/src');
const graph = await madge(server, {
  fileExtensions: ['ts'],
  tsConfig: path.join(root, 'apps/server/tsconfig.json'),
  detectiveOptions: { ts: { skipTypeImports: false, skipAsyncImports: false } },
});
for (const circle of graph.circular()) {
  problems.push(`import circle in apps/server/src: ${[...circle, circle[0]].join(' → ')}`);
}

if (problems.length > 0) {
  console.error(
    `Boundary violations (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  'import boundaries: ok; no import circle in apps/server/src; each module names only its own tables',
);
