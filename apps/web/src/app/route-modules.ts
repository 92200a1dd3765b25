/**
 * Which lazily loaded module draws each route (the same files `router.tsx` imports). The build
 * turns this into `dist/route-preloads.json` (vite.config.ts), and the server adds a
 * `<link rel="modulepreload">` for the requested route's chunks to index.html, so a cold load
 * fetches the page's code alongside the main bundle instead of after it (issue 20; apps/web
 * README "Rules for new pages"). Patterns: react-router's, `:name` for one segment.
 * A unit test keeps this list and router.tsx in step.
 */
export const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/app/routes/home-page.tsx',
  '/casino/home': 'src/features/lobby/components/lobby-pages.tsx',
  '/casino/all-games': 'src/features/lobby/components/lobby-pages.tsx',
  '/casino/providers': 'src/features/lobby/components/lobby-pages.tsx',
  '/casino/originals/dice': 'src/features/originals/components/dice-page.tsx',
  '/casino/originals/limbo': 'src/features/originals/components/limbo-page.tsx',
  '/casino/originals/mines': 'src/features/originals/components/mines-page.tsx',
  '/casino/originals/plinko': 'src/features/originals/components/plinko-page.tsx',
  '/casino/originals/crash': 'src/features/originals/components/crash-page.tsx',
  '/casino/originals/keno': 'src/features/originals/components/keno-page.tsx',
  '/casino/originals/wheel': 'src/features/originals/components/wheel-page.tsx',
  '/casino/originals/roulette': 'src/features/originals/components/roulette-page.tsx',
  '/casino/originals/baccarat': 'src/features/originals/components/baccarat-page.tsx',
  '/casino/originals/dragon-tiger': 'src/features/originals/components/dragon-tiger-page.tsx',
  '/casino/originals/teen-patti': 'src/features/originals/components/teen-patti-page.tsx',
  '/casino/originals/andar-bahar': 'src/features/originals/components/andar-bahar-page.tsx',
  '/casino/originals/hilo': 'src/features/originals/components/hilo-page.tsx',
  '/casino/originals/blackjack': 'src/features/originals/components/blackjack-page.tsx',
  '/casino/game/:slug': 'src/features/lobby/components/game-page.tsx',
  '/casino/bets/:id': 'src/features/bets/components/bet-page.tsx',
  '/provably-fair': 'src/features/originals/components/provably-fair-page.tsx',
  '/casino/:category': 'src/features/lobby/components/lobby-pages.tsx',
  '/sports': 'src/features/sports/components/sports-page.tsx',
  '/promotions': 'src/features/promotions/components/promotions-page.tsx',
  '/vip': 'src/features/vip/components/vip-page.tsx',
  '/affiliate/overview': 'src/features/affiliate/components/affiliate-page.tsx',
  '/responsible-gaming': 'src/features/protection/components/responsible-gaming-page.tsx',
  '/transactions/deposits': 'src/app/routes/transactions-page.tsx',
  '/transactions/:tab': 'src/app/routes/transactions-page.tsx',
  '/settings/general': 'src/app/routes/settings-page.tsx',
  '/settings/verify': 'src/features/kyc/components/verify-settings-page.tsx',
  '/settings/security': 'src/app/routes/security-page.tsx',
  '/policies/privacy': 'src/app/routes/pages.tsx',
  '/policies/terms': 'src/app/routes/pages.tsx',
  '/policies/anti-money-laundering': 'src/app/routes/pages.tsx',
  '/policies/self-exclusion': 'src/features/protection/components/self-exclusion-policy.tsx',
  '/reset-password': 'src/app/routes/standalone.tsx',
  '/verification': 'src/features/kyc/components/verification-page.tsx',
};
