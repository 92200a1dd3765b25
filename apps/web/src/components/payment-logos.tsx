import type { ReactNode } from 'react';

/**
 * Payment marks drawn as our own SVGs (no third-party artwork): cards and
 * banks, UPI-style and wallet-app payments, and the crypto coins of spec §1.
 */
type Mark = { id: string; label: string; art: ReactNode; width?: number };

const Word = ({
  x,
  y,
  children,
  size = 11,
  fill = '#fff',
  weight = 800,
  italic = false,
}: {
  x: number;
  y: number;
  children: string;
  size?: number;
  fill?: string;
  weight?: number;
  italic?: boolean;
}) => (
  <text
    x={x}
    y={y}
    fill={fill}
    fontSize={size}
    fontWeight={weight}
    fontStyle={italic ? 'italic' : undefined}
    fontFamily="Inter, system-ui, sans-serif"
    textAnchor="middle"
    dominantBaseline="central"
  >
    {children}
  </text>
);

export const FIAT_MARKS: Mark[] = [
  {
    id: 'visa',
    label: 'Visa',
    art: (
      <Word x={28} y={16} size={14} italic fill="#e8eefc">
        VISA
      </Word>
    ),
  },
  {
    id: 'mastercard',
    label: 'Mastercard',
    art: (
      <>
        <circle cx="22" cy="16" r="9" fill="#eb001b" />
        <circle cx="34" cy="16" r="9" fill="#f79e1b" fillOpacity="0.92" />
        <path d="M28 9a9 9 0 010 14 9 9 0 010-14z" fill="#ff5f00" />
      </>
    ),
  },
  {
    id: 'bank',
    label: 'Bank transfer',
    art: (
      <g fill="none" stroke="#cfd9e6" strokeWidth="1.6" strokeLinejoin="round">
        <path d="M17 13l11-6 11 6z" fill="#cfd9e6" fillOpacity="0.15" />
        <path d="M19 14v8M25 14v8M31 14v8M37 14v8M16 24.5h24" />
      </g>
    ),
  },
  {
    id: 'netbanking',
    label: 'Net banking',
    art: (
      <>
        <rect x="11" y="9" width="14" height="14" rx="3" fill="#2f8cff" />
        <path d="M14.5 19v-6l3.5 4 3.5-4v6" stroke="#fff" strokeWidth="1.6" fill="none" />
        <Word x={37} y={16} size={8.5} weight={700} fill="#cfd9e6">
          NET
        </Word>
      </>
    ),
  },
  {
    id: 'upi',
    label: 'UPI',
    art: (
      <>
        <path d="M13 8l6 8-6 8z" fill="#3ddc97" />
        <path d="M18 8l6 8-6 8z" fill="#ff9933" />
        <Word x={36} y={16} size={12} italic fill="#e8eefc">
          UPI
        </Word>
      </>
    ),
  },
  {
    id: 'wallet-app',
    label: 'Wallet apps',
    art: (
      <>
        <rect
          x="12"
          y="7"
          width="12"
          height="18"
          rx="2.5"
          fill="none"
          stroke="#cfd9e6"
          strokeWidth="1.6"
        />
        <circle cx="18" cy="21.5" r="1" fill="#cfd9e6" />
        <path d="M15 12h6M15 15h4" stroke="#57a5ff" strokeWidth="1.6" strokeLinecap="round" />
        <Word x={37} y={16} size={8.5} weight={700} fill="#cfd9e6">
          PAY
        </Word>
      </>
    ),
  },
  {
    id: 'qr',
    label: 'QR payments',
    art: (
      <g fill="#cfd9e6">
        <path d="M17 8h6v6h-6zM33 8h6v6h-6zM17 18h6v6h-6z" fillOpacity="0.9" />
        <path d="M26 8h4v3h-4zM26 14h3v4h-3zM30 18h3v3h-3zM35 21h4v3h-4zM26 21h3v3h-3zM33 17h6v2h-6z" />
      </g>
    ),
  },
];

const coin = (color: string, glyph: ReactNode) => (
  <>
    <circle cx="28" cy="16" r="11" fill={color} />
    {glyph}
  </>
);

export const CRYPTO_MARKS: Mark[] = [
  {
    id: 'btc',
    label: 'Bitcoin (BTC)',
    art: coin(
      '#f7931a',
      <>
        <path d="M26 10v12M29 10v2M29 20v2" stroke="#fff" strokeWidth="1.4" />
        <path
          d="M24 11.5h5.2a2.3 2.3 0 010 4.5H24zM24 16h5.8a2.4 2.4 0 010 4.8H24z"
          fill="none"
          stroke="#fff"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </>,
    ),
  },
  {
    id: 'eth',
    label: 'Ethereum (ETH)',
    art: coin(
      '#627eea',
      <>
        <path d="M28 8.5l-4.6 7.8 4.6 2.7 4.6-2.7z" fill="#fff" />
        <path d="M28 19.9l-4.6-2.7 4.6 6.3 4.6-6.3z" fill="#fff" fillOpacity="0.75" />
      </>,
    ),
  },
  {
    id: 'ltc',
    label: 'Litecoin (LTC)',
    art: coin(
      '#345d9d',
      <path
        d="M26.5 10l-2 7.5M23 17.8l6-2.2M24.5 17.5l-1.2 4.5h9"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />,
    ),
  },
  {
    id: 'doge',
    label: 'Dogecoin (DOGE)',
    art: coin(
      '#c2a633',
      <>
        <path
          d="M25 10.5h3.2a5.5 5.5 0 010 11H25z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <path d="M22.5 16h6" stroke="#fff" strokeWidth="1.8" />
      </>,
    ),
  },
  {
    id: 'sol',
    label: 'Solana (SOL)',
    art: (
      <>
        <circle cx="28" cy="16" r="11" fill="#111827" />
        <defs>
          <linearGradient id="sol-grad" x1="0" y1="1" x2="1" y2="0">
            <stop offset="0" stopColor="#9945ff" />
            <stop offset="1" stopColor="#14f195" />
          </linearGradient>
        </defs>
        <path
          d="M23.5 11h9.5l-2 2h-9.5zM23.5 17h9.5l-2-2h-9.5zM23.5 19h9.5l-2 2h-9.5z"
          fill="url(#sol-grad)"
        />
      </>
    ),
  },
  {
    id: 'xrp',
    label: 'XRP',
    art: coin(
      '#23292f',
      <path
        d="M22.5 11l3.5 3.3a3 3 0 004 0l3.5-3.3M22.5 21l3.5-3.3a3 3 0 014 0l3.5 3.3"
        stroke="#fff"
        strokeWidth="1.8"
        fill="none"
        strokeLinecap="round"
      />,
    ),
  },
  {
    id: 'usdt',
    label: 'Tether (USDT)',
    art: coin(
      '#26a17b',
      <>
        <path d="M23 10.5h10M28 10.5v11" stroke="#fff" strokeWidth="2.2" />
        <ellipse cx="28" cy="15.5" rx="6" ry="1.8" fill="none" stroke="#fff" strokeWidth="1.3" />
      </>,
    ),
  },
];

export function PaymentMark({ mark }: { mark: Mark }) {
  return (
    <li
      className="flex h-9 w-14 items-center justify-center rounded-md border border-ink-700 bg-ink-850 transition-colors hover:border-ink-600"
      title={mark.label}
    >
      <svg viewBox="0 0 56 32" className="h-8 w-14" role="img" aria-label={mark.label}>
        {mark.art}
      </svg>
    </li>
  );
}

export function PaymentMarks({ marks, label }: { marks: Mark[]; label?: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {marks.map((mark) => (
        <PaymentMark key={mark.id} mark={mark} />
      ))}
    </ul>
  );
}
