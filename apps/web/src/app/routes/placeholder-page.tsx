import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageFrame } from '../../components/page-frame.tsx';

export type Crumb = { label: string; to?: string };

type PlaceholderPageProps = {
  title: string;
  trail?: Crumb[];
  icon: ReactNode;
  emptyTitle: string;
  emptyBody: string;
  subtitle?: ReactNode;
  action?: ReactNode;
};

/** A route's frame with its designed empty state, until its capability lands. */
export function PlaceholderPage({
  title,
  trail = [],
  icon,
  emptyTitle,
  emptyBody,
  subtitle,
  action,
}: PlaceholderPageProps) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={title}
      subtitle={subtitle}
      breadcrumbs={[{ label: t('nav.home'), to: '/' }, ...trail, { label: title }]}
    >
      <EmptyState icon={icon} title={emptyTitle} body={emptyBody} action={action} />
    </PageFrame>
  );
}
