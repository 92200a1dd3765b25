export * from './admin.ts';
export * from './card-tables.ts';
export * from './catalog.ts';
export * from './crypto.ts';
export * from './customer.ts';
export * from './envelope.ts';
export * from './loyalty.ts';
export * from './passkeys.ts';
export * from './payments.ts';
export * from './promotions.ts';
export * from './races.ts';
export * from './security.ts';
export * from './sports-tracker.ts';
export * from './sportsbook.ts';
export * from './system.ts';
export * from './translations.ts';
export * from './wallet.ts';
export * from './web-vitals.ts';

/** The languages of the product (spec §9); `en` is the default. */
export const LANGUAGES = ['en', 'pt', 'bn', 'zh-TW', 'th', 'ms', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
