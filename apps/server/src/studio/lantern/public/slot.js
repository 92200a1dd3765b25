// A Lantern Studio slot's browser side: draws the reels and asks the studio's server to spin.
// It never sees the operator's wallet API; the studio's server does (signed calls).
const params = new URLSearchParams(location.search);
const launch = {
  mode: params.get('mode') === 'real' ? 'real' : 'demo',
  token: params.get('token') ?? '',
  player: params.get('player') ?? undefined,
  currency: params.get('currency') ?? 'FUN',
  game: params.get('game') ?? 'lantern-fortune',
};

const LANTERN_ART = {
  W: `<svg viewBox="0 0 64 64"><defs><linearGradient id="lw" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe9a8"/><stop offset="1" stop-color="#e0452b"/></linearGradient></defs><rect x="28" y="4" width="8" height="8" rx="2" fill="#f5b942"/><rect x="14" y="12" width="36" height="6" rx="3" fill="#f5b942"/><rect x="12" y="18" width="40" height="32" rx="14" fill="url(#lw)"/><path d="M20 22v24M32 20v28M44 22v24" stroke="#b8321c" stroke-width="2"/><rect x="14" y="50" width="36" height="6" rx="3" fill="#f5b942"/><text x="32" y="40" font-size="12" text-anchor="middle" font-weight="900" fill="#5a1408" font-family="system-ui">WILD</text></svg>`,
  D: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#1f6b45"/><path d="M14 38c6-16 20-22 34-14-6 0-10 4-10 8 6-2 10 2 10 6-8-4-14 2-22 6-4 2-9 0-12-6z" fill="#7ee2a8"/><circle cx="42" cy="27" r="3" fill="#0b2a1b"/><path d="M46 20l8-6M44 18l4-9" stroke="#f5b942" stroke-width="3" stroke-linecap="round"/></svg>`,
  K: KOI(),
  C: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="26" fill="#f5b942" stroke="#a36a12" stroke-width="4"/><rect x="25" y="25" width="14" height="14" fill="#7a4a08" rx="2"/><circle cx="32" cy="32" r="19" fill="none" stroke="#ffe9a8" stroke-width="2" stroke-dasharray="3 4"/></svg>`,
};
function KOI(bg = '#173a63') {
  return `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="${bg}"/><path d="M12 34c8-12 26-14 36-4l8-6-2 10 2 10-8-6c-10 10-28 8-36-4z" fill="#ff8a3d"/><circle cx="44" cy="31" r="2.5" fill="#1b1b1b"/><path d="M24 30c3 3 3 6 0 9M31 28c3 4 3 8 0 12" stroke="#fff6" stroke-width="2" fill="none"/></svg>`;
}
const KOI_ART = {
  W: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#14324a"/><circle cx="32" cy="30" r="17" fill="#fff3c4"/><circle cx="39" cy="25" r="14" fill="#14324a"/><text x="32" y="58" font-size="11" text-anchor="middle" font-weight="900" fill="#fff3c4" font-family="system-ui">WILD</text></svg>`,
  K: KOI('#0f4a45'),
  L: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#3b1f4a"/><path d="M32 14c6 8 6 18 0 26-6-8-6-18 0-26z" fill="#ff9fd0"/><path d="M16 24c9 2 15 9 16 16-9-1-15-7-16-16zM48 24c-9 2-15 9-16 16 9-1 15-7 16-16z" fill="#f06aa8"/><path d="M14 44c10 4 26 4 36 0" stroke="#6ee7a8" stroke-width="4" fill="none" stroke-linecap="round"/></svg>`,
  F: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#1f4a1f"/><ellipse cx="32" cy="38" rx="18" ry="12" fill="#7ed957"/><circle cx="23" cy="26" r="6" fill="#7ed957"/><circle cx="41" cy="26" r="6" fill="#7ed957"/><circle cx="23" cy="26" r="2.5" fill="#102010"/><circle cx="41" cy="26" r="2.5" fill="#102010"/><path d="M25 40q7 5 14 0" stroke="#102010" stroke-width="2" fill="none"/></svg>`,
};
const DRAGON_ART = {
  W: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="28" fill="#5c0f1e"/><path d="M12 40c4-14 16-22 30-18l8-8-2 12c4 4 4 10 0 14-8-6-16-2-24 4-6 4-10 2-12-4z" fill="#ff5a3c"/><circle cx="42" cy="27" r="3" fill="#ffe08a"/><text x="32" y="58" font-size="11" text-anchor="middle" font-weight="900" fill="#ffe08a" font-family="system-ui">WILD</text></svg>`,
  S: `<svg viewBox="0 0 64 64"><defs><radialGradient id="pearl" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="0.55" stop-color="#d9e4ff"/><stop offset="1" stop-color="#8a7bd8"/></radialGradient></defs><circle cx="32" cy="32" r="24" fill="url(#pearl)" stroke="#f5d76e" stroke-width="3"/><text x="32" y="60" font-size="9" text-anchor="middle" font-weight="900" fill="#f5d76e" font-family="system-ui">SCATTER</text></svg>`,
  D: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#3a1a08"/><ellipse cx="32" cy="22" rx="18" ry="7" fill="#f3c173"/><path d="M14 22v20c0 4 8 8 18 8s18-4 18-8V22" fill="#c0392b"/><path d="M14 30h36M14 38h36" stroke="#f5b942" stroke-width="2"/></svg>`,
  T: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#402300"/><circle cx="32" cy="34" r="18" fill="#ff9f1c"/><path d="M20 26l6 4M44 26l-6 4M22 40l6-2M42 40l-6-2M32 20v8" stroke="#2a1200" stroke-width="3" stroke-linecap="round"/><circle cx="26" cy="33" r="2.5" fill="#2a1200"/><circle cx="38" cy="33" r="2.5" fill="#2a1200"/></svg>`,
  P: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#2a0f3a"/><path d="M32 12c4 10 14 12 20 8-2 12-10 18-20 20-10-2-18-8-20-20 6 4 16 2 20-8z" fill="#ff6b3d"/><path d="M32 40v12M26 50l6-4 6 4" stroke="#ffd166" stroke-width="3" fill="none" stroke-linecap="round"/></svg>`,
};
const ART = { 'lantern-fortune': LANTERN_ART, 'koi-garden': KOI_ART, 'dragon-pearls': DRAGON_ART };
const CARD_COLOURS = { A: '#ff6b6b', R: '#c58bff', Q: '#5fb2ff', J: '#6ee7a8', T: '#ffd166' };
const CARD_TEXT = { A: 'A', R: 'K', Q: 'Q', J: 'J', T: '10' };
/** A symbol's art in the launched game (card ranks are drawn as letters in every game). */
function art(symbol) {
  return (
    ART[launch.game]?.[symbol] ??
    letter(CARD_TEXT[symbol] ?? symbol, CARD_COLOURS[symbol] ?? '#fff')
  );
}
function letter(text, color) {
  return `<svg viewBox="0 0 64 64"><text x="32" y="46" font-size="${text.length > 1 ? 32 : 40}" text-anchor="middle" font-weight="900" font-family="Georgia, serif" fill="${color}" stroke="#0008" stroke-width="1.5">${text}</text></svg>`;
}

const $ = (selector) => document.querySelector(selector);
const reelsEl = $('[data-testid="reels"]');
const balanceEl = $('[data-testid="slot-balance"]');
const betEl = $('[data-testid="slot-bet"]');
const winEl = $('[data-testid="slot-win"]');
const spinEl = $('[data-testid="slot-spin"]');
const messageEl = $('[data-testid="slot-message"]');
const modeEl = $('[data-testid="slot-mode"]');

let bets = ['1.00'];
/** The game's paylines and scatter symbol (from its paytable). */
let paylines = [];
let scatterSymbol = null;
let multiplier = 1;
const featureEl = $('[data-testid="slot-feature"]');
let betIndex = 0;
let currency = launch.currency;
let busy = false;
/** The operator's free-spins grant being played, if any: { grant_id, spins_left, spins_total, bet, win }. */
let free = null;
const freeEl = $('[data-testid="slot-free"]');

function showFree() {
  freeEl.hidden = !free;
  if (!free) {
    spinEl.textContent = 'Spin';
    showBet();
    return;
  }
  freeEl.textContent = `Free spins ${free.spins_total - free.spins_left} / ${free.spins_total} · bet ${free.bet} ${currency} · won ${free.win} ${currency}`;
  spinEl.textContent = `Free spin (${free.spins_left})`;
  betEl.textContent = `${free.bet} ${currency}`;
}

function say(text, error = false) {
  messageEl.textContent = text;
  messageEl.classList.toggle('error', error);
}

function drawGrid(grid, winning = new Set(), scatter = null) {
  reelsEl.replaceChildren(
    ...grid.map((column, reel) => {
      const el = document.createElement('div');
      el.className = 'reel';
      for (const [row, symbol] of column.entries()) {
        const cell = document.createElement('div');
        const hit = winning.has(`${reel}:${row}`) || (scatter && symbol === scatter);
        cell.className = `cell${hit ? ' win' : ''}`;
        cell.dataset.symbol = symbol;
        cell.innerHTML = art(symbol);
        el.append(cell);
      }
      return el;
    }),
    linesEl,
  );
}

/** The winning paylines drawn over the reels (centre of each cell on the line). */
const linesEl = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
linesEl.setAttribute('class', 'lines');
linesEl.setAttribute('viewBox', '0 0 500 300');
linesEl.setAttribute('preserveAspectRatio', 'none');
linesEl.setAttribute('aria-hidden', 'true');
const LINE_COLOURS = ['#ffd166', '#6ee7a8', '#5fb2ff', '#ff6b6b', '#c58bff', '#ff9f1c'];
function drawLines(wins) {
  linesEl.replaceChildren(
    ...wins.map((win, index) => {
      const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
      line.setAttribute(
        'points',
        paylines[win.line].map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' '),
      );
      line.setAttribute('stroke', LINE_COLOURS[index % LINE_COLOURS.length]);
      return line;
    }),
  );
}

function winningCells(wins) {
  const cells = new Set();
  for (const win of wins)
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${paylines[win.line][reel]}`);
  return cells;
}

function showBet() {
  betEl.textContent = `${bets[betIndex]} ${currency}`;
}

async function post(path, body) {
  const response = await fetch(`api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  return { ok: response.ok, json };
}

async function start() {
  document.body.dataset.game = launch.game;
  modeEl.textContent = launch.mode === 'demo' ? 'Demo · play money' : 'Real money';
  modeEl.className = `mode ${launch.mode}`;
  const table = await (await fetch(`api/paytable?game=${encodeURIComponent(launch.game)}`)).json();
  paylines = table.lines;
  scatterSymbol = table.scatter;
  multiplier = table.feature?.multiplier ?? 1;
  document.title = `${table.name} — Lantern Studio`;
  $('[data-testid="slot-name"]').textContent = table.name;
  bets = table.bets;
  betIndex = Math.max(0, bets.indexOf('1.00'));
  $('[data-testid="slot-rtp"]').textContent = table.rtp;
  $('[data-testid="slot-volatility"]').textContent =
    `${table.volatility} volatility (σ ${table.sd} per spin)`;
  $('[data-testid="slot-lines"]').textContent = String(table.lines.length);
  $('.pays').replaceChildren(
    ...Object.entries(table.paytable).map(([symbol, entry]) => {
      const row = document.createElement('div');
      row.className = 'pay';
      const pays =
        symbol === table.scatter
          ? `3× ${table.feature.pays[0]} · 4× ${table.feature.pays[1]} · 5× ${table.feature.pays[2]} × bet`
          : `3× ${entry.pays[0]} · 4× ${entry.pays[1]} · 5× ${entry.pays[2]}`;
      row.innerHTML = `${art(symbol)}<span>${entry.name}<br>${pays}</span>`;
      return row;
    }),
  );
  $('[data-testid="slot-feature-rules"]').textContent = table.feature
    ? `3, 4 or 5 scatters anywhere pay ${table.feature.pays.join(', ')} × the bet and start ${table.feature.spins.join(', ')} free spins where every win is multiplied by ${table.feature.multiplier}.`
    : '';
  drawGrid(
    table.reels.map((strip, reel) =>
      [0, 1, 2].map((row) => strip[(reel * 5 + row) % strip.length]),
    ),
  );
  const session = await post('session', launch);
  if (!session.ok) {
    say(session.json.message ?? 'The game could not start', true);
    return;
  }
  currency = session.json.currency;
  balanceEl.textContent = `${session.json.balance} ${currency}`;
  showBet();
  const grant = (session.json.free_rounds ?? []).find((g) => g.spins_left > 0);
  free = grant ? { ...grant } : null;
  showFree();
  spinEl.disabled = false;
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spins the reels to a result: they blur, then stop left to right on the grid. */
async function reveal(spin) {
  drawLines([]);
  let columns = [...reelsEl.querySelectorAll('.reel')];
  for (const column of columns) column.classList.add('spinning');
  await pause(reduced ? 0 : 380);
  drawGrid(spin.grid);
  columns = [...reelsEl.querySelectorAll('.reel')];
  for (const column of columns) column.classList.add('spinning');
  for (const column of columns) {
    await pause(reduced ? 0 : 110);
    column.classList.remove('spinning');
  }
  const scatterHit = spin.scatter && spin.scatter.count >= 3 ? scatterSymbol : null;
  drawGrid(spin.grid, winningCells(spin.wins), scatterHit);
  drawLines(spin.wins);
}
const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The free spins a scatter started: each shown in turn under the feature banner. */
async function playFeature(data) {
  const spins = data.free_spins;
  let won = 0;
  const minor = (amount) => Math.round(Number(amount) * 100);
  featureEl.hidden = false;
  say(`${spins.length} free spins! Every win × ${multiplier}`);
  await pause(reduced ? 0 : 900);
  for (const [index, spin] of spins.entries()) {
    featureEl.textContent = `Free spin ${index + 1} / ${spins.length} · × ${multiplier} · won ${(won / 100).toFixed(2)} ${data.currency}`;
    await reveal(spin);
    won += minor(spin.win);
    featureEl.textContent = `Free spin ${index + 1} / ${spins.length} · × ${multiplier} · won ${(won / 100).toFixed(2)} ${data.currency}`;
    winEl.textContent = ((minor(data.base_win) + won) / 100).toFixed(2);
    await pause(reduced ? 0 : spin.wins.length > 0 ? 700 : 250);
  }
  await pause(reduced ? 0 : 400);
  featureEl.hidden = true;
}

async function doSpin() {
  if (busy) return;
  busy = true;
  spinEl.disabled = true;
  winEl.textContent = '0.00';
  say('');
  drawLines([]);
  const columns = [...reelsEl.querySelectorAll('.reel')];
  for (const column of columns) column.classList.add('spinning');
  const playingFree = free;
  const result = await (playingFree
    ? post('free-spin', { ...launch, grant_id: playingFree.grant_id })
    : post('spin', { ...launch, bet: bets[betIndex] })
  ).catch(() => null);
  if (!result?.ok) {
    for (const column of columns) column.classList.remove('spinning');
    say(result?.json?.message ?? 'The spin failed', true);
    if (playingFree && result?.json?.code === 'FREE_ROUNDS_NOT_FOUND') {
      free = null;
      showFree();
    }
    if (result?.json?.balance) balanceEl.textContent = `${result.json.balance} ${currency}`;
  } else {
    const data = result.json;
    await reveal(data);
    winEl.textContent = data.base_win;
    if (data.scatter && data.scatter.spins > 0) await playFeature(data);
    balanceEl.textContent = `${data.balance} ${data.currency}`;
    winEl.textContent = data.win;
    const lines = data.wins.length;
    say(
      Number(data.win) > 0
        ? data.free_spins.length > 0
          ? `Total win ${data.win} ${data.currency} with ${data.free_spins.length} free spins!`
          : `Win ${data.win} ${data.currency}${lines > 0 ? ` on ${lines} line${lines > 1 ? 's' : ''}` : ''}!`
        : '',
    );
    if (data.free_round) {
      const round = data.free_round;
      free = round.finished
        ? null
        : { ...playingFree, spins_left: round.spins_left, win: round.total_win };
      showFree();
      if (round.finished)
        say(`Free spins over: you won ${round.total_win} ${data.currency}, credited as a bonus.`);
    }
    parent.postMessage(
      { type: 'lantern:balance', balance: data.balance, currency: data.currency },
      location.origin,
    );
  }
  busy = false;
  spinEl.disabled = false;
}

spinEl.addEventListener('click', doSpin);
for (const button of document.querySelectorAll('.step')) {
  button.addEventListener('click', () => {
    betIndex = Math.min(bets.length - 1, Math.max(0, betIndex + Number(button.dataset.step)));
    showBet();
  });
}
start().catch(() => say('The game could not start', true));
