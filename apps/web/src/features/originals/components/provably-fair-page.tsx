import {
  BLACKJACK_ACTIONS,
  crashPoint,
  floats,
  HILO_GUESSES,
  hiloMultiplier,
  PLINKO_RISKS,
  type PlinkoRisk,
  plinkoMultiplier_x100,
  recompute,
  sha256Hex,
} from '@casino/games';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { cn } from '../../../components/cn.ts';
import { TextField } from '../../../components/field.tsx';
import { PageFrame } from '../../../components/page-frame.tsx';
import { useAuth } from '../../../lib/root-store.ts';
import { type OriginalBet, useCasinoBets } from '../api/originals.ts';
import { CARD_GAMES, type CardDeal, dealOf, dealSummary, isCardGame } from './card-rules.ts';
import { blackjackText, cardsText, parseMoves } from './card-summary.ts';
import { FairnessPanel, titleKey } from './original-shell.tsx';
import { PlayingCard } from './playing-card.tsx';
import {
  isNumberGame,
  NUMBER_FORMULAS,
  NUMBER_GAMES,
  recordedNumber,
  verifyNumber,
} from './provably-fair-numbers.ts';

const GAMES = [
  'dice',
  'limbo',
  'mines',
  'plinko',
  'crash',
  ...NUMBER_GAMES,
  ...CARD_GAMES,
  'hilo',
  'blackjack',
] as const;
type Game = (typeof GAMES)[number];
/** The games whose round is the player's recorded moves replayed over the seeds' cards. */
const withMoves = (g: Game) => g === 'hilo' || g === 'blackjack';
type Verified = {
  hash: string;
  floats: number[];
  label: string;
  value: string;
  extra?: string;
  /** The card tables: every hand or pile, its cards drawn as cards. */
  hands?: { label: string; cards: number[] }[];
};
const x100 = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
/** "26.0000" → "26.00": the bet's multiplier as the verifier prints it. */
const twoDecimals = (text: string) => text.replace(/(\.\d\d)\d*$/, '$1');

/** A recorded bet's result, printed as the verifier prints what it recomputes. */
function recordedOf(bet: OriginalBet): string {
  const d = bet.details as {
    result?: string;
    bucket?: number;
    mine_positions?: number[] | null;
    cards?: number[];
    hands?: { cards: number[] }[];
    dealer?: { cards: number[] };
  };
  switch (bet.game) {
    case 'dice':
      return bet.roll ?? '—';
    case 'limbo':
      return `${d.result ?? '—'}×`;
    case 'mines':
      return (d.mine_positions ?? [])
        .slice()
        .sort((a, b) => a - b)
        .map((tile) => tile + 1)
        .join(', ');
    case 'plinko':
      return `${d.bucket ?? '—'} · ${twoDecimals(bet.multiplier)}×`;
    case 'hilo':
      return cardsText(d.cards ?? []);
    case 'blackjack':
      return blackjackText(
        (d.hands ?? []).map((h) => h.cards),
        d.dealer?.cards ?? [],
      );
    default:
      if (isCardGame(bet.game)) return dealSummary(bet.game, bet.details as CardDeal);
      return recordedNumber(bet);
  }
}

/** The card tables' hands, as the verifier lays them out. */
function handsOf(deal: CardDeal): { label: string; cards: number[] }[] {
  const rows: [string, number[] | number | undefined][] = [
    ['Player', deal.player],
    ['Banker', deal.banker],
    ['Dealer', deal.dealer],
    ['Dragon', deal.dragon],
    ['Tiger', deal.tiger],
    ['Joker', deal.joker],
    ['Andar', deal.andar],
    ['Bahar', deal.bahar],
  ];
  return rows
    .filter(([, cards]) => cards !== undefined)
    .map(([label, cards]) => ({ label, cards: typeof cards === 'number' ? [cards] : cards! }));
}

const FORMULAS: Record<Game, string> = {
  dice: 'dice  = floor(float × 10001) / 100',
  limbo: 'n     = floor(float × 1e8) + 1\nlimbo = max(1, floor(1e8 / n × (1 − edge) × 100) / 100)',
  mines:
    'tiles 0–24; pick i = remaining[floor(float_i × remaining.length)]\nmines = the first n picks',
  plinko: 'row i: floor(float_i × 2) → 0 left, 1 right; bucket = rights',
  crash:
    'h     = HMAC_SHA256(roundHash, salt); int = first 8 hex digits\ncrash = max(1, 2³² / (int + 1) × (1 − edge))\nSHA256(roundHash) = previous round hash',
  ...NUMBER_FORMULAS,
  baccarat:
    'card i = floor(float_i × 52): ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A\nPlayer, Player, Banker, Banker, then third cards by the tableau',
  'dragon-tiger': 'dragon = floor(float_0 × 52); tiger = floor(float_1 × 52); aces low',
  'teen-patti':
    'deck 0–51 (♦2 ♥2 ♠2 ♣2 … ♣A); card i = remaining[floor(float_i × remaining.length)]\nPlayer = cards 1–3, Dealer = cards 4–6',
  'andar-bahar':
    "deck 0–51; card i = remaining[floor(float_i × remaining.length)]\nJoker = card 1; then Andar, Bahar, … until the Joker's rank",
  hilo: 'card k = floor(float_k × 52), ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A (infinite deck)\ncard 0 starts; each guess meets the next card\nmultiplier = (1 − edge) × 13ⁿ / (k₁ ⋯ kₙ)',
  blackjack:
    'card k = floor(float_k × 52), ♦2 ♥2 ♠2 ♣2 ♦3 … ♣A (infinite deck)\ndealt in order: player, dealer, player, dealer (hole),\nthen each card as the recorded moves need it',
};

/** Anyone can recompute a past bet here, in the browser, with the same code the server runs. */
export function ProvablyFairPage() {
  const { t } = useTranslation();
  const [game, setGame] = useState<Game>('dice');
  const [serverSeed, setServerSeed] = useState('');
  const [clientSeed, setClientSeed] = useState('');
  const [nonce, setNonce] = useState('0');
  const [edge, setEdge] = useState('1');
  const [mines, setMines] = useState('3');
  const [rows, setRows] = useState('16');
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [segments, setSegments] = useState('30');
  const [moves, setMoves] = useState('');
  const [result, setResult] = useState<Verified | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The bet of the player's being checked: its recorded result is shown beside the recomputed one. */
  const [checked, setChecked] = useState<OriginalBet | null>(null);
  const auth = useAuth();

  type Input = {
    game: Game;
    serverSeed: string;
    clientSeed: string;
    nonce: string;
    edge: string;
    mines: string;
    rows: string;
    risk: PlinkoRisk;
    segments: string;
    moves: string;
  };
  const current: Input = {
    game,
    serverSeed,
    clientSeed,
    nonce,
    edge,
    mines,
    rows,
    risk,
    segments,
    moves,
  };

  const verify = async (input: Input) => {
    setProblem(null);
    setResult(null);
    const edge_bp = Math.round(Number(input.edge) * 100);
    if (!Number.isInteger(edge_bp) || edge_bp < 0 || edge_bp > 1000)
      return setProblem(t('originals2.fair.badEdge'));
    if (input.game === 'crash') {
      const hash = input.serverSeed.trim();
      if (!/^[0-9a-f]{64}$/.test(hash) || !input.clientSeed.trim())
        return setProblem(t('originals2.fair.badCrash'));
      const point = await crashPoint(hash, input.clientSeed.trim(), edge_bp);
      return setResult({
        hash: await sha256Hex(hash),
        floats: [],
        label: t('originals2.fair.crashPoint'),
        value: `${x100(point)}×`,
      });
    }
    const seeds = {
      serverSeed: input.serverSeed.trim(),
      clientSeed: input.clientSeed.trim(),
      nonce: Number(input.nonce),
    };
    if (!seeds.serverSeed || !seeds.clientSeed || !Number.isInteger(seeds.nonce) || seeds.nonce < 0)
      return setProblem(t('originals2.fair.badSeeds'));
    const base = { hash: await sha256Hex(seeds.serverSeed), floats: await floats(seeds, 4) };
    if (input.game === 'hilo' || input.game === 'blackjack') {
      try {
        if (input.game === 'hilo') {
          const guesses = parseMoves(input.moves, HILO_GUESSES);
          if (!guesses) return setProblem(t('cardOriginals.fair.badMoves'));
          const r = await recompute(seeds, { game: 'hilo', guesses });
          if (r.game === 'hilo')
            setResult({
              ...base,
              label: t('cardOriginals.fair.cards'),
              value: cardsText(r.round.cards),
              extra: r.round.lost
                ? t('cardOriginals.hilo.lost')
                : `${hiloMultiplier(r.round.ks, edge_bp)}×`,
            });
        } else {
          const actions = parseMoves(input.moves, BLACKJACK_ACTIONS);
          if (!actions) return setProblem(t('cardOriginals.fair.badMoves'));
          const r = await recompute(seeds, { game: 'blackjack', actions });
          if (r.game === 'blackjack')
            setResult({
              ...base,
              label: t('cardOriginals.fair.hands'),
              value: blackjackText(
                r.round.hands.map((h) => h.cards),
                r.round.dealer,
              ),
            });
        }
      } catch {
        // Moves the rules refuse at that point: not the round that was played.
        setProblem(t('cardOriginals.fair.badMoves'));
      }
      return;
    }
    if (isCardGame(input.game)) {
      const deal = await dealOf(input.game, seeds);
      return setResult({
        ...base,
        label: t('cardTables.fair.cards'),
        value: dealSummary(input.game, deal),
        hands: handsOf(deal),
      });
    }
    if (isNumberGame(input.game)) {
      const r = await verifyNumber(input.game, seeds, {
        segments: input.segments,
        risk: input.risk,
        edge_bp,
      });
      if (r === 'badSegments') return setProblem(t('originalsNum.fair.badSegments'));
      setResult({ ...base, label: t(`originalsNum.fair.${input.game}`), ...r });
    } else if (input.game === 'dice') {
      const r = await recompute(seeds, { game: 'dice' });
      if (r.game === 'dice')
        setResult({ ...base, label: t('originals.fair.diceRoll'), value: x100(r.roll) });
    } else if (input.game === 'limbo') {
      const r = await recompute(seeds, { game: 'limbo', edge_bp });
      if (r.game === 'limbo')
        setResult({
          ...base,
          label: t('originals2.fair.limboResult'),
          value: `${x100(r.result)}×`,
        });
    } else if (input.game === 'mines') {
      const n = Number(input.mines);
      if (!Number.isInteger(n) || n < 1 || n > 24) return setProblem(t('originals2.fair.badMines'));
      const r = await recompute(seeds, { game: 'mines', mines: n });
      if (r.game === 'mines')
        setResult({
          ...base,
          label: t('originals2.fair.minesAt'),
          value: [...r.mines]
            .sort((a, b) => a - b)
            .map((tile) => tile + 1)
            .join(', '),
          extra: r.mines.join(','),
        });
    } else {
      const n = Number(input.rows);
      if (!Number.isInteger(n) || n < 8 || n > 16) return setProblem(t('originals2.fair.badRows'));
      const r = await recompute(seeds, { game: 'plinko', rows: n, risk: input.risk });
      if (r.game === 'plinko')
        setResult({
          ...base,
          label: t('originals2.fair.plinkoBucket'),
          value: `${r.bucket} · ${x100(plinkoMultiplier_x100(n, input.risk, r.bucket, edge_bp))}×`,
          extra: r.path.map((d) => (d ? 'R' : 'L')).join(''),
        });
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void verify(current);
  };

  /** Fills the form with a revealed bet of the player's and checks it at once. */
  const check = (bet: OriginalBet) => {
    if (!bet.server_seed) return;
    const details = bet.details as {
      mines?: number;
      rows?: number;
      risk?: PlinkoRisk;
      segments?: number;
      guesses_made?: string[];
      actions?: string[];
    };
    const input: Input = {
      game: bet.game,
      serverSeed: bet.server_seed,
      clientSeed: bet.client_seed,
      nonce: String(bet.nonce),
      edge: x100(bet.edge_bp),
      mines: String(details.mines ?? mines),
      rows: String(details.rows ?? rows),
      risk: bet.game === 'keno' ? risk : (details.risk ?? risk),
      segments: String(details.segments ?? segments),
      moves: (details.guesses_made ?? details.actions ?? []).join(', '),
    };
    setGame(input.game);
    setServerSeed(input.serverSeed);
    setClientSeed(input.clientSeed);
    setNonce(input.nonce);
    setEdge(input.edge);
    setMines(input.mines);
    setRows(input.rows);
    setRisk(input.risk);
    setSegments(input.segments);
    setMoves(input.moves);
    setChecked(bet);
    void verify(input);
    document.getElementById('verifier')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const title = t('originals.fair.title');
  return (
    <PageFrame
      title={title}
      subtitle={t('originals.fair.subtitle')}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, { label: title }]}
    >
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-5 text-sm leading-relaxed text-fg-muted">
          <h2 className="text-base font-semibold text-fg">{t('originals.fair.howTitle')}</h2>
          <p>{t('originals.fair.how1')}</p>
          {/* Wrapped, not scrolled: a scrolling region would need keyboard focus (WCAG 2.1.1). */}
          <pre className="whitespace-pre-wrap break-all rounded-lg bg-ink-950 p-3 font-mono text-[12px] text-fg">
            {`hmac  = HMAC_SHA256(serverSeed, clientSeed + ":" + nonce + ":" + round)\nfloat = b0/256 + b1/256² + b2/256³ + b3/256⁴\n${FORMULAS[game]}`}
          </pre>
          <p>{game === 'crash' ? t('originals2.fair.crashHow') : t('originals.fair.how2')}</p>
          <p className="text-[13px]">{t('originals2.fair.scheme')}</p>
        </section>
        <form
          className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-5"
          onSubmit={onSubmit}
          data-testid="verifier"
          id="verifier"
        >
          <h2 className="text-base font-semibold text-fg">{t('originals2.fair.verifier')}</h2>
          <div
            className="grid grid-cols-3 gap-1 rounded-lg bg-ink-900 p-1 sm:grid-cols-4"
            role="tablist"
          >
            {GAMES.map((g) => (
              <button
                key={g}
                type="button"
                role="tab"
                aria-selected={game === g}
                onClick={() => {
                  setGame(g);
                  setResult(null);
                  setChecked(null);
                }}
                className={cn(
                  'h-8 truncate whitespace-nowrap rounded-md px-2 text-[13px] font-semibold transition-colors',
                  game === g ? 'bg-accent-500 text-white' : 'text-fg-muted hover:text-fg',
                )}
                data-testid={`verify-${g}`}
              >
                {t(titleKey(g))}
              </button>
            ))}
          </div>
          <TextField
            label={
              game === 'crash' ? t('originals2.fair.roundHash') : t('originals.fair.serverSeed')
            }
            value={serverSeed}
            onChange={(e) => setServerSeed(e.target.value)}
            spellCheck={false}
          />
          <TextField
            label={game === 'crash' ? t('originals2.crash.salt') : t('originals.clientSeed')}
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
            spellCheck={false}
          />
          <div className="grid grid-cols-2 gap-3">
            {game !== 'crash' && (
              <TextField
                label={t('originals.fair.nonce')}
                value={nonce}
                onChange={(e) => setNonce(e.target.value)}
                inputMode="numeric"
              />
            )}
            {game !== 'dice' &&
              game !== 'mines' &&
              game !== 'keno' &&
              game !== 'roulette' &&
              !isCardGame(game) &&
              game !== 'blackjack' && (
                <TextField
                  label={t('originals2.fair.edge')}
                  value={edge}
                  onChange={(e) => setEdge(e.target.value)}
                  inputMode="decimal"
                />
              )}
            {game === 'mines' && (
              <TextField
                label={t('originals2.mines.count')}
                value={mines}
                onChange={(e) => setMines(e.target.value)}
                inputMode="numeric"
              />
            )}
            {(game === 'plinko' || game === 'wheel') && (
              <>
                {game === 'plinko' ? (
                  <TextField
                    label={t('originals2.plinko.rows')}
                    value={rows}
                    onChange={(e) => setRows(e.target.value)}
                    inputMode="numeric"
                  />
                ) : (
                  <TextField
                    label={t('originalsNum.wheel.segments')}
                    value={segments}
                    onChange={(e) => setSegments(e.target.value)}
                    inputMode="numeric"
                    data-testid="verify-segments"
                  />
                )}
                <label className="flex flex-col gap-1.5 text-[13px] font-medium text-fg-muted">
                  {t('originals2.plinko.risk')}
                  <select
                    className="h-11 rounded-lg border border-ink-600 bg-ink-950/60 px-3 text-[15px] text-fg"
                    value={risk}
                    onChange={(e) => setRisk(e.target.value as PlinkoRisk)}
                  >
                    {PLINKO_RISKS.map((r) => (
                      <option key={r} value={r}>
                        {t(`originals2.plinko.${r}`)}
                      </option>
                    ))}
                  </select>
                </label>
              </>
            )}
          </div>
          {withMoves(game) && (
            <TextField
              label={
                game === 'hilo'
                  ? t('cardOriginals.fair.hiloMoves')
                  : t('cardOriginals.fair.blackjackMoves')
              }
              value={moves}
              onChange={(e) => setMoves(e.target.value)}
              spellCheck={false}
              data-testid="verify-moves"
            />
          )}
          <Button type="submit" data-testid="verify-submit">
            {t('originals.fair.verify')}
          </Button>
          {problem && (
            <p className="text-[13px] text-negative" role="alert">
              {problem}
            </p>
          )}
          {result && (
            <dl className="grid gap-2 text-[13px]" data-testid="verified">
              <div>
                <dt className="text-fg-subtle">
                  {game === 'crash' ? t('originals2.fair.previousHash') : t('originals.serverHash')}
                </dt>
                <dd className="break-all font-mono text-fg">{result.hash}</dd>
              </div>
              {result.floats.length > 0 && (
                <div>
                  <dt className="text-fg-subtle">{t('originals.fair.floats')}</dt>
                  <dd className="font-mono text-fg">
                    {result.floats.map((f) => f.toFixed(10)).join(', ')}
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-fg-subtle">{result.label}</dt>
                <dd
                  className={cn(
                    'font-mono font-bold text-fg',
                    result.hands ? 'text-[15px]' : 'text-2xl',
                  )}
                  data-testid="verified-roll"
                >
                  {result.value}
                </dd>
                {result.extra && (
                  <dd className="font-mono text-[12px] text-fg-muted">{result.extra}</dd>
                )}
                {result.hands && (
                  <dd className="mt-2 flex flex-col gap-2" data-testid="verified-cards">
                    {result.hands.map((hand) => (
                      <div key={hand.label} className="flex items-center gap-2">
                        <span className="w-14 shrink-0 text-[12px] text-fg-subtle">
                          {hand.label}
                        </span>
                        <div
                          className={cn(
                            'flex min-w-0 flex-wrap gap-1',
                            hand.cards.length > 6 && 'pl-4',
                          )}
                        >
                          {hand.cards.map((index, i) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: a dealt hand never reorders, and an infinite deck may repeat a card
                            <div key={i} className={hand.cards.length > 6 ? '-ml-4' : undefined}>
                              <PlayingCard index={index} size="sm" />
                            </div>
                          ))}
                        </div>
                      </div>
                    ))}
                  </dd>
                )}
              </div>
              {checked && checked.game === game && (
                <div data-testid="verified-recorded">
                  <dt className="text-fg-subtle">{t('originals.fair.recorded')}</dt>
                  <dd className="font-mono text-fg">{recordedOf(checked)}</dd>
                  <dd
                    className={
                      recordedOf(checked) === result.value ? 'text-positive' : 'text-negative'
                    }
                  >
                    {/* The live region inside: a role on the dd itself would unmake it a dd. */}
                    <span role="status">
                      {recordedOf(checked) === result.value
                        ? t('originals.fair.recordedMatches')
                        : t('originals.fair.recordedDiffers')}
                    </span>
                  </dd>
                </div>
              )}
            </dl>
          )}
        </form>
      </div>
      {auth.isAuthenticated && (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <FairnessPanel title={t('originals.fair.yourSeeds')} />
          <MyBets onCheck={check} />
        </div>
      )}
    </PageFrame>
  );
}

/** The player's latest bets, each named by its server seed's hash; a revealed one can be checked. */
function MyBets({ onCheck }: { onCheck: (bet: OriginalBet) => void }) {
  const { t } = useTranslation();
  const bets = useCasinoBets();
  const list = (bets.data ?? []).slice(0, 10);
  return (
    <section
      className="flex flex-col gap-3 rounded-2xl border border-ink-700 bg-ink-850 p-4 text-[13px]"
      data-testid="my-bets"
    >
      <h2 className="text-base font-semibold text-fg">{t('originals.fair.yourBets')}</h2>
      <p className="text-fg-muted">{t('originals.fair.betsBody')}</p>
      {list.length === 0 ? (
        <p className="text-fg-subtle">{t('originals.noBets')}</p>
      ) : (
        <ul className="divide-y divide-ink-700">
          {list.map((bet) => (
            <li key={bet.id} className="flex items-center gap-3 py-2">
              <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                <Link
                  to={`/casino/bets/${bet.id}`}
                  className="text-fg hover:underline"
                  data-testid={`bet-page-${bet.id}`}
                >
                  {t(titleKey(bet.game))}
                  <span className="text-fg-subtle">
                    {' '}
                    · {t('originals.nonce', { nonce: bet.nonce })} · {recordedOf(bet)}
                  </span>
                </Link>
                <span
                  className="truncate font-mono text-[12px] text-fg-subtle"
                  title={bet.server_seed_hash}
                >
                  {bet.server_seed_hash}
                </span>
              </div>
              {bet.server_seed ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => onCheck(bet)}
                  data-testid={`check-${bet.id}`}
                >
                  {t('originals.fair.check')}
                </Button>
              ) : (
                <span className="shrink-0 text-right text-[12px] text-fg-subtle">
                  {t('originals.fair.notRevealed')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
