import { STAFF_ROLES } from '@casino/contracts';

/**
 * The one table of back-office permissions. Every `/api/admin` route names one of
 * these (or `session`: any signed-in staff member); the server checks it on every
 * request, the back-office UI hides what the role lacks, and the permission matrix
 * test iterates routes × roles from this table.
 */
export const ROLES = STAFF_ROLES;
export type Role = (typeof ROLES)[number];

const ALL: Role[] = [...ROLES];

export const PERMISSIONS = {
  'dashboard.read': ['owner', 'admin', 'finance', 'compliance', 'risk', 'trader', 'marketing'],
  'players.read': ['owner', 'admin', 'finance', 'compliance', 'risk', 'support', 'marketing'],
  'players.block': ['owner', 'admin', 'compliance', 'risk'],
  'players.sessions.revoke': ['owner', 'admin', 'compliance', 'risk', 'support'],
  // Turning off a player's second factor (lost phone and codes): those who check identity.
  'players.two_factor.reset': ['owner', 'admin', 'compliance'],
  'players.notes.write': ['owner', 'admin', 'finance', 'compliance', 'risk', 'support'],
  'balance.read': ['owner', 'admin', 'finance', 'compliance', 'risk', 'support'],
  'balance.adjust.request': ['owner', 'admin', 'finance', 'risk'],
  'balance.adjust.approve': ['owner', 'admin', 'finance'],
  'balance.thresholds.write': ['owner', 'admin'],
  'audit.read': ['owner', 'admin', 'compliance'],
  'settings.read': ['owner', 'admin', 'finance', 'compliance', 'marketing'],
  'settings.write': ['owner', 'admin', 'marketing'],
  'currencies.write': ['owner', 'admin', 'finance'],
  'gateways.write': ['owner', 'admin', 'finance'],
  'staff.read': ['owner', 'admin'],
  'staff.manage': ['owner', 'admin'],
  'promotions.read': ['owner', 'admin', 'finance', 'compliance', 'risk', 'marketing', 'support'],
  'promotions.write': ['owner', 'admin', 'marketing'],
  'bonus.risk.read': ['owner', 'admin', 'compliance', 'risk', 'marketing'],
  'bonus.risk.review': ['owner', 'admin', 'risk'],
  'affiliates.read': ['owner', 'admin', 'finance', 'marketing'],
  'affiliates.write': ['owner', 'admin', 'marketing'],
  'payments.read': ['owner', 'admin', 'finance', 'compliance', 'risk', 'support'],
  'payments.approve': ['owner', 'admin', 'finance'],
  'jurisdictions.read': ['owner', 'admin', 'compliance', 'risk'],
  'jurisdictions.write': ['owner', 'admin', 'compliance'],
  'compliance.read': ['owner', 'admin', 'compliance', 'risk'],
  'compliance.write': ['owner', 'admin', 'compliance'],
  'compliance.rules': ['owner', 'admin', 'compliance'],
  'sportsbook.read': ['owner', 'admin', 'risk', 'trader'],
  'sportsbook.trade': ['owner', 'admin', 'trader'],
  'sportsbook.settle': ['owner', 'admin', 'trader'],
  'sportsbook.limits': ['owner', 'admin', 'risk', 'trader'],
  // Accepting a loss the player cannot repay is the operator's call, not the desk's.
  'sportsbook.write_off': ['owner', 'admin'],
  // The odds provider and its paid key: the operator's choice, not the desk's.
  'sportsbook.feed': ['owner', 'admin'],
  'kyc.read': ['owner', 'admin', 'compliance'],
  'kyc.review': ['owner', 'admin', 'compliance'],
  'originals.read': ['owner', 'admin', 'finance', 'risk'],
  'originals.write': ['owner', 'admin'],
  'casino.read': ['owner', 'admin', 'finance', 'risk', 'marketing'],
  'casino.write': ['owner', 'admin', 'marketing'],
  'system.read': ['owner', 'admin'],
  'system.write': ['owner', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;
/** What a route requires: a permission, or only a live staff session. */
export type RouteGuard = Permission | 'session';

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function can(role: Role, permission: RouteGuard): boolean {
  if (permission === 'session') return ALL.includes(role);
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

export function permissionsOf(role: Role): Permission[] {
  return PERMISSION_NAMES.filter((permission) => can(role, permission));
}

/** Only an owner may create, change or disable an owner (no escalation through admin). */
export function mayAssignRole(actor: Role, role: Role): boolean {
  if (role === 'owner') return actor === 'owner';
  return can(actor, 'staff.manage');
}
