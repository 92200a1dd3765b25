// Lantern Fortune's browser side: draws the reels and asks the studio's server to spin.
// It never sees the operator's wallet API; the studio's server does (signed calls).
const params = new URLSearchParams(location.search);
const launch = {
  mode: params.get('mode') === 'real' ? 'real' : 'demo',
  token: params.get('token') ?? '',
  player: params.get('player') ?? undefined,
  currency: params.get('currency') ?? 'FUN',
  game: params.get('game') ?? 'lantern-fortune',
};

const SYMBOL_ART = {
  W: `<svg viewBox="0 0 64 64"><defs><linearGradient id="lw" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe9a8"/><stop offset="1" stop-color="#e0452b"/></linearGradient></defs><rect x="28" y="4" width="8" height="8" rx="2" fill="#f5b942"/><rect x="14" y="12" width="36" height="6" rx="3" fill="#f5b942"/><rect x="12" y="18" width="40" height="32" rx="14" fill="url(#lw)"/><path d="M20 22v24M32 20v28M44 22v24" stroke="#b8321c" stroke-width="2"/><rect x="14" y="50" width="36" height="6" rx="3" fill="#f5b942"/><text x="32" y="40" font-size="12" text-anchor="middle" font-weight="900" fill="#5a1408" font-family="system-ui">WILD</text></svg>`,
  D: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#1f6b45"/><path d="M14 38c6-16 20-22 34-14-6 0-10 4-10 8 6-2 10 2 10 6-8-4-14 2-22 6-4 2-9 0-12-6z" fill="#7ee2a8"/><circle cx="42" cy="27" r="3" fill="#0b2a1b"/><path d="M46 20l8-6M44 18l4-9" stroke="#f5b942" stroke-width="3" stroke-linecap="round"/></svg>`,
  K: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="27" fill="#173a63"/><path d="M12 34c8-12 26-14 36-4l8-6-2 10 2 10-8-6c-10 10-28 8-36-4z" fill="#ff8a3d"/><circle cx="44" cy="31" r="2.5" fill="#1b1b1b"/><path d="M24 30c3 3 3 6 0 9M31 28c3 4 3 8 0 12" stroke="#fff6" stroke-width="2" fill="none"/></svg>`,
  C: `<svg viewBox="0 0 64 64"><circle cx="32" cy="32" r="26" fill="#f5b942" stroke="#a36a12" stroke-width="4"/><rect x="25" y="25" width="14" height="14" fill="#7a4a08" rx="2"/><circle cx="32" cy="32" r="19" fill="none" stroke="#ffe9a8" stroke-width="2" stroke-dasharray="3 4"/></svg>`,
  A: letter('A', '#ff6b6b'),
  R: letter('K', '#c58bff'),
  Q: letter('Q', '#5fb2ff'),
  J: letter('J', '#6ee7a8'),
  T: letter('10', '#ffd166'),
};
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

function drawGrid(grid, winning = new Set()) {
  reelsEl.replaceChildren(
    ...grid.map((column, reel) => {
      const el = document.createElement('div');
      el.className = 'reel';
      for (const [row, symbol] of column.entries()) {
        const cell = document.createElement('div');
        cell.className = `cell${winning.has(`${reel}:${row}`) ? ' win' : ''}`;
        cell.dataset.symbol = symbol;
        cell.innerHTML = SYMBOL_ART[symbol];
        el.append(cell);
      }
      return el;
    }),
  );
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
  modeEl.textContent = launch.mode === 'demo' ? 'Demo · play money' : 'Real money';
  modeEl.className = `mode ${launch.mode}`;
  const table = await (await fetch('api/paytable')).json();
  bets = table.bets;
  betIndex = Math.max(0, bets.indexOf('1.00'));
  $('[data-testid="slot-rtp"]').textContent = table.rtp;
  $('.pays').replaceChildren(
    ...Object.entries(table.paytable).map(([symbol, entry]) => {
      const row = document.createElement('div');
      row.className = 'pay';
      row.innerHTML = `${SYMBOL_ART[symbol]}<span>${entry.name}<br>3× ${entry.pays[0]} · 4× ${entry.pays[1]} · 5× ${entry.pays[2]}</span>`;
      return row;
    }),
  );
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

async function doSpin() {
  if (busy) return;
  busy = true;
  spinEl.disabled = true;
  winEl.textContent = '0.00';
  say('');
  const columns = [...reelsEl.children];
  for (const column of columns) column.classList.add('spinning');
  const started = performance.now();
  const playingFree = free;
  const result = await (playingFree
    ? post('free-spin', { ...launch, grant_id: playingFree.grant_id })
    : post('spin', { ...launch, bet: bets[betIndex] })
  ).catch(() => null);
  const wait = Math.max(0, 550 - (performance.now() - started));
  await new Promise((resolve) => setTimeout(resolve, wait));
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
    const winning = new Set();
    const lines = (await (await fetch('api/paytable')).json()).lines;
    for (const win of data.wins)
      for (let reel = 0; reel < win.count; reel++) winning.add(`${reel}:${lines[win.line][reel]}`);
    // Stop the reels left to right.
    for (let reel = 0; reel < 5; reel++) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      columns[reel]?.classList.remove('spinning');
    }
    drawGrid(data.grid, winning);
    balanceEl.textContent = `${data.balance} ${data.currency}`;
    winEl.textContent = data.win;
    say(
      data.wins.length > 0
        ? `Win ${data.win} ${data.currency} on ${data.wins.length} line${data.wins.length > 1 ? 's' : ''}!`
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
