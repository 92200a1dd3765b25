/**
 * Shown while a page's code loads (first visit to a route). It has the page
 * frame's shape (breadcrumbs, heading, a content block) so the page lands in
 * place; navigations between loaded pages keep the old page until the new one
 * is ready, so this mostly shows on a cold deep link, under the loading screen.
 */
export function PageSkeleton() {
  return (
    <div aria-hidden="true" data-testid="page-skeleton" className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <span className="h-5 w-40 animate-pulse rounded bg-ink-800" />
        <span className="h-8 w-56 animate-pulse rounded-md bg-ink-800 sm:h-[42px]" />
      </div>
      <div className="h-80 animate-pulse rounded-2xl border border-ink-700/60 bg-ink-900/60" />
    </div>
  );
}

/** The standalone pages' placeholder: the dark backdrop they are drawn on. */
export function BlankSkeleton() {
  return <div aria-hidden="true" className="min-h-dvh" />;
}
