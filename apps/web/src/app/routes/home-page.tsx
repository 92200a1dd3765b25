import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/button.tsx';
import { BallIcon, CardsIcon, SparkIcon } from '../../components/icons.tsx';
import { FeaturedGames } from '../../features/lobby/components/featured-games.tsx';
import { usePageSettings } from '../layout/app-layout.tsx';
import { CategoryTiles } from './category-tiles.tsx';

export function HomePage() {
  const { t } = useTranslation();
  const settings = usePageSettings();
  return (
    <div className="flex flex-col gap-8">
      <section className="relative overflow-hidden rounded-2xl border border-ink-700 bg-gradient-to-br from-ink-800 via-ink-850 to-ink-900 px-6 py-10 sm:px-10 sm:py-14">
        <HeroArt />
        <div className="relative max-w-xl">
          <p className="mb-3 inline-flex items-center gap-1.5 rounded-full border border-accent-500/30 bg-accent-500/10 px-3 py-1 text-xs font-semibold text-accent-300">
            <SparkIcon size={14} />
            {t('nav.promotions')}
          </p>
          <h1 className="text-3xl leading-tight font-extrabold tracking-tight text-fg sm:text-4xl">
            {t('pages.home.title', { brand: settings.brand_name })}
          </h1>
          <p className="mt-3 text-base leading-relaxed text-fg-muted">{t('pages.home.subtitle')}</p>
          <div className="mt-7 flex flex-wrap gap-3">
            <Link to="/casino/home" className={buttonClasses({ size: 'lg' })}>
              <CardsIcon size={20} />
              {t('pages.home.ctaCasino')}
            </Link>
            <Link
              to="/sports"
              reloadDocument
              className={buttonClasses({ size: 'lg', variant: 'secondary' })}
            >
              <BallIcon size={20} />
              {t('pages.home.ctaSports')}
            </Link>
          </div>
        </div>
      </section>
      <section className="flex flex-col gap-4">
        <h2 className="text-lg font-bold text-fg">{t('nav.gameCategories')}</h2>
        <CategoryTiles />
      </section>
      <FeaturedGames />
    </div>
  );
}

/** Decorative: floating chips and cards drawn in SVG. */
function HeroArt() {
  return (
    <svg
      viewBox="0 0 400 300"
      className="pointer-events-none absolute top-1/2 -right-16 hidden h-[130%] -translate-y-1/2 opacity-90 md:block"
      aria-hidden="true"
    >
      <defs>
        <radialGradient id="hero-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#2f8cff" stopOpacity="0.35" />
          <stop offset="1" stopColor="#2f8cff" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2c4a63" />
          <stop offset="1" stopColor="#172a3a" />
        </linearGradient>
      </defs>
      <circle cx="220" cy="150" r="150" fill="url(#hero-glow)" />
      <g transform="rotate(-12 180 150)">
        <rect
          x="130"
          y="70"
          width="110"
          height="150"
          rx="14"
          fill="url(#hero-card)"
          stroke="#3d5d78"
        />
        <text x="150" y="105" fill="#f2f6fa" fontSize="24" fontWeight="800" fontFamily="system-ui">
          A
        </text>
        <path
          d="M185 135c-8-14-30-8-22 8 4 8 22 22 22 22s18-14 22-22c8-16-14-22-22-8z"
          fill="#ff6b7a"
        />
      </g>
      <g transform="rotate(10 260 150)">
        <rect
          x="220"
          y="60"
          width="110"
          height="150"
          rx="14"
          fill="url(#hero-card)"
          stroke="#3d5d78"
        />
        <text x="240" y="95" fill="#f2f6fa" fontSize="24" fontWeight="800" fontFamily="system-ui">
          K
        </text>
        <path d="M275 115l16 22-16 22-16-22z" fill="#57a5ff" />
      </g>
      <g>
        <circle cx="120" cy="230" r="30" fill="#2f8cff" />
        <circle
          cx="120"
          cy="230"
          r="22"
          fill="none"
          stroke="#fff"
          strokeWidth="4"
          strokeDasharray="8 6"
        />
        <circle cx="120" cy="230" r="12" fill="#1a72e0" />
      </g>
      <g>
        <circle cx="330" cy="235" r="24" fill="#f2f6fa" />
        <circle
          cx="330"
          cy="235"
          r="17"
          fill="none"
          stroke="#2f8cff"
          strokeWidth="4"
          strokeDasharray="6 5"
        />
        <circle cx="330" cy="235" r="9" fill="#2f8cff" />
      </g>
    </svg>
  );
}
