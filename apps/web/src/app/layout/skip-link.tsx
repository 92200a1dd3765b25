import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The first Tab stop on every page (WCAG 2.4.1): hidden until focused, it moves focus past the
 * side menu and the top bar to the page itself. Focus is moved by script rather than by the
 * `#main` fragment, so the address bar and the router's location stay as they are.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById('main');
    if (!main) return;
    event.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: 'start' });
  };
  return (
    // biome-ignore lint/a11y/useValidAnchor: an in-page link that works without script too; the handler only keeps the address bar as it is
    <a
      href="#main"
      onClick={skip}
      data-testid="skip-link"
      className="fixed top-2 left-2 z-[100] -translate-y-[200%] rounded-lg bg-accent-500 px-4 py-2.5 text-sm font-semibold text-white shadow-pop focus:translate-y-0"
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
