import type { GameCategory } from './lobby.repository.ts';

/** Every thumbnail is drawn at this size (3:4, the lobby's tile shape); the page sets the same. */
export const THUMB_WIDTH = 240;
export const THUMB_HEIGHT = 320;

/** Rich two-stop palettes; a game's slug picks one, so its art never changes between builds. */
const PALETTES: Array<[string, string, string]> = [
  ['#1a72e0', '#0b1e3a', '#8cc4ff'],
  ['#7c3aed', '#1e0b3a', '#d8b4fe'],
  ['#db2777', '#3a0b24', '#fbcfe8'],
  ['#ea580c', '#3a1705', '#fed7aa'],
  ['#059669', '#052e22', '#a7f3d0'],
  ['#0891b2', '#052a33', '#a5f3fc'],
  ['#ca8a04', '#332305', '#fde68a'],
  ['#dc2626', '#3a0808', '#fecaca'],
  ['#4f46e5', '#12103a', '#c7d2fe'],
  ['#16a34a', '#07290f', '#bbf7d0'],
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

/** Splits a name over at most three lines of about 12 characters. */
function lines(name: string): string[] {
  const words = name.split(/\s+/);
  const out: string[] = [];
  for (const word of words) {
    const last = out.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 12)
      out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out.slice(0, 3);
}

/** The category's motif, drawn around (120, 130). */
function motif(
  category: GameCategory | 'original',
  light: string,
  seed: number,
  slug: string,
): string {
  const tilt = (seed % 21) - 10;
  switch (category) {
    case 'slots':
      return `<g transform="rotate(${tilt / 2} 120 130)">
        <rect x="50" y="82" width="140" height="96" rx="16" fill="#0006" stroke="${light}" stroke-width="3"/>
        ${[0, 1, 2]
          .map(
            (i) => `<rect x="${60 + i * 42}" y="92" width="36" height="76" rx="8" fill="#fff"/>
          <text x="${78 + i * 42}" y="141" font-size="30" text-anchor="middle" font-family="system-ui" font-weight="900" fill="${['#e11d48', '#f59e0b', '#7c3aed'][(seed + i) % 3]}">${['7', '★', '♦', 'BAR'.slice(0, 1)][(seed >>> (i * 3)) % 4]}</text>`,
          )
          .join('')}
        <circle cx="204" cy="96" r="8" fill="${light}"/><rect x="200" y="100" width="8" height="46" rx="4" fill="${light}"/></g>`;
    case 'live':
      return `<g><circle cx="120" cy="118" r="44" fill="#0005" stroke="${light}" stroke-width="3"/>
        <circle cx="120" cy="106" r="16" fill="${light}"/><path d="M92 150c4-20 52-20 56 0z" fill="${light}"/>
        <rect x="86" y="172" width="68" height="22" rx="11" fill="#ef4444"/><circle cx="100" cy="183" r="5" fill="#fff"/>
        <text x="128" y="188" font-size="13" text-anchor="middle" font-family="system-ui" font-weight="800" fill="#fff">LIVE</text></g>`;
    case 'game_shows':
      return `<g transform="rotate(${tilt * 3} 120 128)">${Array.from({ length: 12 }, (_, i) => {
        const a0 = (i * Math.PI) / 6;
        const a1 = ((i + 1) * Math.PI) / 6;
        const p = (a: number) =>
          `${(120 + 62 * Math.cos(a)).toFixed(1)} ${(128 + 62 * Math.sin(a)).toFixed(1)}`;
        return `<path d="M120 128L${p(a0)}A62 62 0 0 1 ${p(a1)}z" fill="${i % 2 ? light : '#0006'}" stroke="#fff3"/>`;
      }).join(
        '',
      )}<circle cx="120" cy="128" r="14" fill="#fff"/></g><path d="M112 58h16l-8 16z" fill="#fff"/>`;
    case 'table':
      return `<g transform="rotate(${-8 + tilt / 2} 110 130)"><rect x="62" y="70" width="76" height="106" rx="10" fill="#fff"/>
        <text x="76" y="98" font-size="22" font-family="system-ui" font-weight="900" fill="#111">A</text>
        <text x="100" y="148" font-size="40" text-anchor="middle" font-family="system-ui" fill="#111">♠</text></g>
        <g transform="rotate(${10 + tilt / 2} 140 130)"><rect x="104" y="74" width="76" height="106" rx="10" fill="#fff"/>
        <text x="118" y="102" font-size="22" font-family="system-ui" font-weight="900" fill="#dc2626">K</text>
        <text x="142" y="152" font-size="40" text-anchor="middle" font-family="system-ui" fill="#dc2626">♥</text></g>`;
    case 'roulette':
      return `<g transform="rotate(${tilt * 4} 120 128)"><circle cx="120" cy="128" r="62" fill="#1c1917" stroke="${light}" stroke-width="4"/>
        ${Array.from({ length: 18 }, (_, i) => {
          const a = (i * Math.PI) / 9;
          return `<line x1="${(120 + 30 * Math.cos(a)).toFixed(1)}" y1="${(128 + 30 * Math.sin(a)).toFixed(1)}" x2="${(120 + 58 * Math.cos(a)).toFixed(1)}" y2="${(128 + 58 * Math.sin(a)).toFixed(1)}" stroke="${i % 2 ? '#dc2626' : '#e7e5e4'}" stroke-width="9"/>`;
        }).join(
          '',
        )}<circle cx="120" cy="128" r="24" fill="${light}"/><circle cx="160" cy="96" r="6" fill="#fff"/></g>`;
    case 'original':
      return originalMotif(slug, light, tilt);
    case 'arcade':
      return `<g transform="rotate(${tilt / 2} 120 128)"><rect x="50" y="96" width="140" height="70" rx="35" fill="#fff"/>
        <rect x="76" y="122" width="28" height="9" rx="2" fill="#0f172a"/><rect x="85.5" y="112" width="9" height="28" rx="2" fill="#0f172a"/>
        <circle cx="152" cy="118" r="7" fill="${light}"/><circle cx="166" cy="132" r="7" fill="#ef4444"/><circle cx="140" cy="134" r="7" fill="#22c55e"/></g>`;
    case 'virtual_sport':
      return `<g><circle cx="120" cy="128" r="54" fill="#fff"/>
        <path d="M120 96l22 16-8 26h-28l-8-26z" fill="#111"/>
        <path d="M120 74v22M142 112l24-8M134 138l14 22M106 138l-14 22M98 112l-24-8" stroke="#111" stroke-width="4"/></g>`;
  }
}

/** Each original gets its own picture; others fall back to a die. */
function originalMotif(slug: string, light: string, tilt: number): string {
  switch (slug) {
    case 'limbo':
      return `<g><circle cx="120" cy="128" r="58" fill="#0004" stroke="${light}" stroke-width="3"/>
        <path d="M120 70l22 40h-13v48h-18v-48H98z" fill="#fff"/><text x="120" y="182" font-size="20" text-anchor="middle" font-family="system-ui" font-weight="900" fill="${light}">×2.00</text></g>`;
    case 'mines':
      return `<g transform="rotate(${tilt} 120 128)">${[0, 1, 2]
        .map((r) =>
          [0, 1, 2]
            .map((c) => {
              const x = 72 + c * 34;
              const y = 80 + r * 34;
              const gem = (r + c) % 3 !== 1;
              return `<rect x="${x}" y="${y}" width="30" height="30" rx="7" fill="${gem ? '#0006' : '#fff2'}"/>${
                gem
                  ? `<path d="M${x + 15} ${y + 6}l9 9-9 10-9-10z" fill="#5eead4"/>`
                  : `<circle cx="${x + 15}" cy="${y + 16}" r="8" fill="#111"/><path d="M${x + 19} ${y + 9}l4-4" stroke="#fbbf24" stroke-width="2"/>`
              }`;
            })
            .join(''),
        )
        .join('')}</g>`;
    case 'plinko':
      return `<g>${Array.from({ length: 5 }, (_, r) =>
        Array.from(
          { length: r + 3 },
          (_, c) =>
            `<circle cx="${120 + (c - (r + 2) / 2) * 22}" cy="${80 + r * 20}" r="4" fill="#fff"/>`,
        ).join(''),
      ).join('')}<circle cx="131" cy="92" r="8" fill="${light}"/>
        ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="${47 + i * 21}" y="182" width="18" height="12" rx="3" fill="${['#ef4444', '#f97316', '#eab308', '#22c55e', '#eab308', '#f97316', '#ef4444'][i]}"/>`).join('')}</g>`;
    case 'keno':
      return `<g transform="rotate(${tilt / 2} 120 128)">${Array.from({ length: 16 }, (_, i) => {
        const x = 60 + (i % 4) * 31;
        const y = 70 + Math.floor(i / 4) * 31;
        const hit = [1, 6, 8, 13].includes(i);
        return `<rect x="${x}" y="${y}" width="27" height="27" rx="6" fill="${hit ? light : '#0005'}"/><text x="${x + 13.5}" y="${y + 18}" font-size="11" text-anchor="middle" font-family="system-ui" font-weight="800" fill="${hit ? '#0f172a' : '#fff'}">${i + 1}</text>`;
      }).join('')}</g>`;
    case 'wheel':
      return `<g transform="rotate(${tilt} 120 128)">${Array.from({ length: 12 }, (_, i) => {
        const a0 = (i / 12) * 2 * Math.PI;
        const a1 = ((i + 1) / 12) * 2 * Math.PI;
        const p = (a: number) =>
          `${(120 + 62 * Math.sin(a)).toFixed(1)} ${(128 - 62 * Math.cos(a)).toFixed(1)}`;
        const colour = ['#22c55e', '#475569', '#eab308', '#475569', '#a855f7', '#475569'][i % 6];
        return `<path d="M120 128L${p(a0)}A62 62 0 0 1 ${p(a1)}z" fill="${colour}" stroke="#0f172a" stroke-width="2"/>`;
      }).join(
        '',
      )}<circle cx="120" cy="128" r="22" fill="#0f172a"/><path d="M120 58l-9-16h18z" fill="${light}"/></g>`;
    case 'roulette':
      return `<g transform="rotate(${tilt} 120 128)"><circle cx="120" cy="128" r="64" fill="#3f2a14"/>${Array.from(
        { length: 18 },
        (_, i) => {
          const a0 = (i / 18) * 2 * Math.PI;
          const a1 = ((i + 1) / 18) * 2 * Math.PI;
          const p = (a: number) =>
            `${(120 + 56 * Math.sin(a)).toFixed(1)} ${(128 - 56 * Math.cos(a)).toFixed(1)}`;
          const colour = i === 0 ? '#16a34a' : i % 2 ? '#dc2626' : '#111827';
          return `<path d="M120 128L${p(a0)}A56 56 0 0 1 ${p(a1)}z" fill="${colour}"/>`;
        },
      ).join(
        '',
      )}<circle cx="120" cy="128" r="30" fill="#b45309"/><circle cx="120" cy="128" r="8" fill="#fde68a"/><circle cx="146" cy="92" r="6" fill="#fff"/></g>`;
    case 'baccarat':
    case 'dragon-tiger':
    case 'teen-patti':
    case 'andar-bahar':
      return cardsMotif(slug, light, tilt);
    case 'crash':
      return `<g><path d="M56 180 Q120 176 180 84" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
        <path d="M56 180 Q120 176 180 84 L180 180z" fill="#fff" opacity="0.12"/>
        <path d="M172 76l18-4-6 18z" fill="${light}"/><text x="92" y="116" font-size="26" text-anchor="middle" font-family="system-ui" font-weight="900" fill="#fff">3.47×</text></g>`;
    case 'hilo':
      return `<g><rect x="82" y="70" width="76" height="106" rx="10" fill="#fff" transform="rotate(${tilt / 2} 120 123)"/>
        <text x="120" y="138" font-size="44" text-anchor="middle" font-family="system-ui" font-weight="900" fill="#dc2626">Q</text>
        <path d="M184 96l14 20h-28z" fill="${light}"/><path d="M184 150l14-20h-28z" fill="#fff" opacity="0.75"/>
        <path d="M56 96l14 20H42z" fill="${light}"/><path d="M56 150l14-20H42z" fill="#fff" opacity="0.75"/></g>`;
    case 'blackjack':
      return `<g transform="rotate(${-8 + tilt / 2} 110 130)"><rect x="62" y="70" width="76" height="106" rx="10" fill="#fff"/>
        <text x="76" y="98" font-size="22" font-family="system-ui" font-weight="900" fill="#111">A</text>
        <text x="100" y="148" font-size="40" text-anchor="middle" font-family="system-ui" fill="#111">♠</text></g>
        <g transform="rotate(${10 + tilt / 2} 140 130)"><rect x="104" y="74" width="76" height="106" rx="10" fill="#fff"/>
        <text x="118" y="102" font-size="22" font-family="system-ui" font-weight="900" fill="#dc2626">J</text>
        <text x="142" y="152" font-size="40" text-anchor="middle" font-family="system-ui" fill="#dc2626">♥</text></g>
        <text x="120" y="62" font-size="22" text-anchor="middle" font-family="system-ui" font-weight="900" fill="${light}">21</text>`;
    default:
      return `<g transform="rotate(${tilt} 120 128)"><rect x="72" y="80" width="96" height="96" rx="22" fill="#fff"/>
        <circle cx="98" cy="106" r="9" fill="#0f172a"/><circle cx="120" cy="128" r="9" fill="#0f172a"/><circle cx="142" cy="150" r="9" fill="#0f172a"/>
        <circle cx="142" cy="106" r="9" fill="#0f172a"/><circle cx="98" cy="150" r="9" fill="#0f172a"/></g>`;
  }
}

/** The card originals: a fan of their cards (Teen Patti three, the others two) on a felt oval. */
function cardsMotif(slug: string, light: string, tilt: number): string {
  const faces: Record<string, [string, string, boolean][]> = {
    baccarat: [
      ['9', '♠', false],
      ['K', '♥', true],
    ],
    'dragon-tiger': [
      ['Q', '♦', true],
      ['7', '♣', false],
    ],
    'teen-patti': [
      ['A', '♠', false],
      ['A', '♥', true],
      ['A', '♦', true],
    ],
    'andar-bahar': [
      ['J', '♣', false],
      ['J', '♥', true],
    ],
  };
  const cards = faces[slug] ?? faces.baccarat!;
  const spread = cards.length === 3 ? 16 : 22;
  return `<g transform="rotate(${tilt / 2} 120 128)"><ellipse cx="120" cy="150" rx="92" ry="34" fill="#0005" stroke="${light}" stroke-width="2"/>${cards
    .map(([rank, suit, red], i) => {
      const angle = (i - (cards.length - 1) / 2) * spread;
      const colour = red ? '#dc2626' : '#111827';
      return `<g transform="rotate(${angle} 120 190)"><rect x="86" y="64" width="68" height="96" rx="9" fill="#fff" stroke="#0003"/><text x="97" y="88" font-size="19" font-family="system-ui" font-weight="900" fill="${colour}">${rank}</text><text x="120" y="132" font-size="36" text-anchor="middle" font-family="system-ui" fill="${colour}">${suit}</text></g>`;
    })
    .join('')}</g>`;
}

/** The game's tile art: its palette, its category's motif and its name. Deterministic. */
export function thumbnailSvg(game: {
  slug: string;
  name: string;
  category: GameCategory;
  provider_name: string;
  is_original: boolean;
}): string {
  const seed = hash(game.slug);
  const [main, dark, light] = PALETTES[seed % PALETTES.length]!;
  const id = `g${seed.toString(36)}`;
  const name = lines(game.name);
  const size = name.some((line) => line.length > 10) ? 24 : 28;
  const top = 250 - (name.length - 1) * (size + 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${THUMB_WIDTH} ${THUMB_HEIGHT}" width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}">
<defs><linearGradient id="${id}" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${main}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
<radialGradient id="${id}r" cx="0.5" cy="0.38" r="0.55"><stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}" fill="url(#${id})"/>
<circle cx="${30 + (seed % 180)}" cy="${20 + ((seed >> 8) % 60)}" r="${40 + (seed % 30)}" fill="#fff" opacity="0.06"/>
<circle cx="120" cy="128" r="110" fill="url(#${id}r)"/>
${motif(game.is_original ? 'original' : game.category, light, seed, game.slug)}
<rect y="${top - size - 14}" width="${THUMB_WIDTH}" height="${THUMB_HEIGHT - top + size + 14}" fill="#000" opacity="0.18"/>
${name
  .map(
    (line, i) =>
      `<text x="120" y="${top + i * (size + 2)}" font-size="${size}" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-weight="900" fill="#fff" letter-spacing="-0.5">${escapeXml(line.toUpperCase())}</text>`,
  )
  .join('\n')}
<text x="120" y="302" font-size="12" text-anchor="middle" font-family="system-ui,Segoe UI,Roboto,sans-serif" font-weight="600" fill="${light}" opacity="0.9">${escapeXml(game.is_original ? 'ORIGINALS' : game.provider_name.toUpperCase())}</text>
</svg>`;
}
