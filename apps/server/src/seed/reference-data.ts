/**
 * Reference data the product needs to run: currencies (the spec's crypto ids),
 * banks, payment gateways (the spec's ids and uniquenames), game providers.
 * Rates are demo values; operators maintain them in the back office.
 */
export const CURRENCIES = [
  { id: 1, code: 'EUR', name: 'Euro', prefix: '€', scale: 2, is_crypto: false, rate_to_eur: '1' },
  {
    id: 2,
    code: 'USD',
    name: 'US Dollar',
    prefix: '$',
    scale: 2,
    is_crypto: false,
    rate_to_eur: '1.08',
  },
  {
    id: 3,
    code: 'INR',
    name: 'Indian Rupee',
    prefix: '₹',
    scale: 2,
    is_crypto: false,
    rate_to_eur: '90.25',
  },
  {
    id: 4,
    code: 'BDT',
    name: 'Bangladeshi Taka',
    prefix: '৳',
    scale: 2,
    is_crypto: false,
    rate_to_eur: '128.4',
  },
  {
    id: 5,
    code: 'THB',
    name: 'Thai Baht',
    prefix: '฿',
    scale: 2,
    is_crypto: false,
    rate_to_eur: '38.2',
  },
  {
    id: 6,
    code: 'BRL',
    name: 'Brazilian Real',
    prefix: 'R$',
    scale: 2,
    is_crypto: false,
    rate_to_eur: '5.95',
  },
  {
    id: 7,
    code: 'MYR',
    name: 'Malaysian Ringgit',
    prefix: 'RM',
    scale: 2,
    is_crypto: false,
    rate_to_eur: '4.95',
  },
  {
    id: 12,
    code: 'BTC',
    name: 'Bitcoin',
    prefix: '₿',
    scale: 8,
    is_crypto: true,
    rate_to_eur: '0.0000108',
  },
  {
    id: 13,
    code: 'ETH',
    name: 'Ethereum',
    prefix: 'Ξ',
    scale: 18,
    is_crypto: true,
    rate_to_eur: '0.00031',
  },
  {
    id: 14,
    code: 'LTC',
    name: 'Litecoin',
    prefix: 'Ł',
    scale: 8,
    is_crypto: true,
    rate_to_eur: '0.0118',
  },
  {
    id: 15,
    code: 'DOGE',
    name: 'Dogecoin',
    prefix: 'Ð',
    scale: 8,
    is_crypto: true,
    rate_to_eur: '5.6',
  },
  {
    id: 17,
    code: 'SOL',
    name: 'Solana',
    prefix: '◎',
    scale: 9,
    is_crypto: true,
    rate_to_eur: '0.0062',
  },
  {
    id: 18,
    code: 'XRP',
    name: 'XRP',
    prefix: 'XRP ',
    scale: 6,
    is_crypto: true,
    rate_to_eur: '0.45',
  },
  {
    id: 19,
    code: 'USDT',
    name: 'Tether USD',
    prefix: '₮',
    scale: 6,
    is_crypto: true,
    rate_to_eur: '1.08',
  },
] as const;

export const BANKS: Record<string, Array<[name: string, code: string]>> = {
  EUR: [
    ['Deutsche Bank', 'DEUT'],
    ['BNP Paribas', 'BNPA'],
    ['ING', 'INGB'],
  ],
  USD: [
    ['Chase', 'CHAS'],
    ['Bank of America', 'BOFA'],
    ['Wells Fargo', 'WFBI'],
  ],
  INR: [
    ['State Bank of India', 'SBIN'],
    ['HDFC Bank', 'HDFC'],
    ['ICICI Bank', 'ICIC'],
    ['Axis Bank', 'UTIB'],
  ],
  BDT: [
    ['BRAC Bank', 'BRAK'],
    ['Dutch-Bangla Bank', 'DBBL'],
    ['Islami Bank', 'IBBL'],
  ],
  THB: [
    ['Bangkok Bank', 'BKKB'],
    ['Kasikornbank', 'KASI'],
    ['Siam Commercial Bank', 'SICO'],
  ],
  BRL: [
    ['Itaú', 'ITAU'],
    ['Bradesco', 'BBDE'],
    ['Nubank', 'NUBR'],
  ],
  MYR: [
    ['Maybank', 'MBBE'],
    ['CIMB', 'CIBB'],
    ['Public Bank', 'PBBE'],
  ],
};

/** Spec §9: gateway ids 3, 4, 5, 6, 7 and 10 need extra fields in the cashier. */
export const GATEWAYS = [
  { id: 1, name: 'UPI', uniquename: 'UPI', fee_percent: '0' },
  { id: 2, name: 'Netbanking', uniquename: 'NB', fee_percent: '0' },
  { id: 3, name: 'Internet Banking', uniquename: 'IB', fee_percent: '1.5' },
  { id: 4, name: 'Bank Transfer', uniquename: 'BT', fee_percent: '1' },
  { id: 5, name: 'Mobile Money', uniquename: 'MOMO', fee_percent: '2' },
  { id: 6, name: 'QRIS', uniquename: 'QRIS', fee_percent: '0.7' },
  { id: 7, name: 'Crypto', uniquename: 'CRYPTO', fee_percent: '0.5' },
  { id: 10, name: 'E-Wallet', uniquename: 'MOMO', fee_percent: '2.5' },
] as const;

/**
 * The gateways' names in the other languages (decision 0981): UPI and QRIS are the schemes' own
 * names, the same in every language, so they have none.
 */
export const GATEWAY_NAME_TRANSLATIONS: Record<string, Record<string, string>> = {
  Netbanking: {
    bn: 'নেটব্যাংকিং',
    'zh-TW': '網銀轉帳',
    th: 'เน็ตแบงกิ้ง',
    fr: 'Banque en ligne',
    pt: 'Banco online',
    es: 'Banca en línea',
    ms: 'Perbankan dalam talian',
  },
  'Internet Banking': {
    bn: 'ইন্টারনেট ব্যাংকিং',
    'zh-TW': '網路銀行',
    th: 'อินเทอร์เน็ตแบงกิ้ง',
    fr: 'Banque par Internet',
    pt: 'Banco pela internet',
    es: 'Banca por internet',
    ms: 'Perbankan Internet',
  },
  'Bank Transfer': {
    bn: 'ব্যাংক ট্রান্সফার',
    'zh-TW': '銀行轉帳',
    th: 'โอนผ่านธนาคาร',
    fr: 'Virement bancaire',
    pt: 'Transferência bancária',
    es: 'Transferencia bancaria',
    ms: 'Pindahan bank',
  },
  'Mobile Money': {
    bn: 'মোবাইল মানি',
    'zh-TW': '行動支付',
    th: 'โมบายมันนี่',
    fr: 'Argent mobile',
    pt: 'Dinheiro móvel',
    es: 'Dinero móvil',
    ms: 'Wang mudah alih',
  },
  Crypto: {
    bn: 'ক্রিপ্টো',
    'zh-TW': '加密貨幣',
    th: 'คริปโต',
    fr: 'Cryptomonnaie',
    pt: 'Cripto',
    es: 'Cripto',
    ms: 'Kripto',
  },
  'E-Wallet': {
    bn: 'ই-ওয়ালেট',
    'zh-TW': '電子錢包',
    th: 'อีวอลเล็ท',
    fr: 'Portefeuille électronique',
    pt: 'Carteira digital',
    es: 'Billetera electrónica',
    ms: 'E-Dompet',
  },
};

/** Which gateways each fiat currency offers: [gateway id, deposit, withdraw]. */
export const CURRENCY_GATEWAYS: Record<string, Array<[number, boolean, boolean]>> = {
  EUR: [
    [3, true, true],
    [4, true, true],
    [7, true, true],
  ],
  USD: [
    [3, true, true],
    [4, true, true],
    [7, true, true],
  ],
  INR: [
    [1, true, true],
    [2, true, true],
    [4, true, true],
    [5, true, true],
  ],
  BDT: [
    [5, true, true],
    [10, true, true],
    [4, true, true],
  ],
  THB: [
    [6, true, false],
    [3, true, true],
    [4, true, true],
  ],
  BRL: [
    [3, true, true],
    [4, true, true],
    [10, true, true],
  ],
  MYR: [
    [3, true, true],
    [4, true, true],
    [10, true, true],
  ],
};

/**
 * The operator's own games. Only studios with a playable game are seeded (the built-in demo
 * studio is seeded with its games, seed/casino-games.ts); ids 1, 2, 3, 5 and 6 belonged to
 * fictional studios an older seed listed and stay unused (decision 0555).
 */
export const GAME_PROVIDERS = [{ id: 4, name: 'Orbit Originals' }];
