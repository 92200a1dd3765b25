import type { SVGProps } from 'react';
import {
  ApprovalIcon,
  AuditIcon,
  CasinoIcon,
  DashboardIcon,
  FlagIcon,
  GiftIcon,
  GlobeIcon,
  IdCardIcon,
  LinkIcon,
  PaymentsIcon,
  PlayersIcon,
  PulseIcon,
  SettingsIcon,
  ShieldIcon,
  StaffIcon,
  StarIcon,
  TradingIcon,
} from '../../components/icons.tsx';

export type NavItem = {
  to: string;
  label: string;
  permission: string;
  icon: (props: SVGProps<SVGSVGElement>) => React.JSX.Element;
  group: 'Operations' | 'Compliance' | 'Configuration' | 'System';
};

/** The left navigation by area; items the role lacks are hidden. */
export const NAV: NavItem[] = [
  {
    to: '/dashboard',
    label: 'Dashboard',
    permission: 'dashboard.read',
    icon: DashboardIcon,
    group: 'Operations',
  },
  {
    to: '/players',
    label: 'Players',
    permission: 'players.read',
    icon: PlayersIcon,
    group: 'Operations',
  },
  {
    to: '/trading',
    label: 'Trading',
    permission: 'sportsbook.read',
    icon: TradingIcon,
    group: 'Operations',
  },
  {
    to: '/payments',
    label: 'Payments desk',
    permission: 'payments.read',
    icon: PaymentsIcon,
    group: 'Operations',
  },
  {
    to: '/casino',
    label: 'Casino',
    permission: 'casino.read',
    icon: CasinoIcon,
    group: 'Operations',
  },
  {
    to: '/approvals',
    label: 'Adjustments',
    permission: 'balance.read',
    icon: ApprovalIcon,
    group: 'Operations',
  },
  {
    to: '/promotions',
    label: 'Promotions',
    permission: 'promotions.read',
    icon: GiftIcon,
    group: 'Operations',
  },
  {
    to: '/loyalty',
    label: 'Loyalty',
    permission: 'promotions.read',
    icon: StarIcon,
    group: 'Operations',
  },
  {
    to: '/races',
    label: 'Races',
    permission: 'promotions.read',
    icon: FlagIcon,
    group: 'Operations',
  },
  {
    to: '/affiliates',
    label: 'Affiliates',
    permission: 'affiliates.read',
    icon: LinkIcon,
    group: 'Operations',
  },
  {
    to: '/kyc',
    label: 'KYC reviews',
    permission: 'kyc.read',
    icon: IdCardIcon,
    group: 'Compliance',
  },
  {
    to: '/compliance',
    label: 'Compliance',
    permission: 'compliance.read',
    icon: ShieldIcon,
    group: 'Compliance',
  },
  {
    to: '/originals',
    label: 'Originals',
    permission: 'originals.read',
    icon: GiftIcon,
    group: 'Operations',
  },
  {
    to: '/jurisdictions',
    label: 'Jurisdictions',
    permission: 'jurisdictions.read',
    icon: GlobeIcon,
    group: 'Compliance',
  },
  {
    to: '/audit',
    label: 'Audit log',
    permission: 'audit.read',
    icon: AuditIcon,
    group: 'Compliance',
  },
  {
    to: '/settings',
    label: 'Settings',
    permission: 'settings.read',
    icon: SettingsIcon,
    group: 'Configuration',
  },
  {
    to: '/staff',
    label: 'Staff',
    permission: 'staff.read',
    icon: StaffIcon,
    group: 'Configuration',
  },
  {
    to: '/system/events',
    label: 'Events',
    permission: 'system.read',
    icon: PulseIcon,
    group: 'System',
  },
];
