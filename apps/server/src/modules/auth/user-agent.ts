/**
 * A session's device as a player recognises it ("Chrome on Android"), read from the user agent
 * stored with the session. Deliberately small: the families people know, in the order that
 * tells them apart (Edge and Opera also say Chrome; Chrome also says Safari), else null.
 */
export type DeviceDescription = {
  browser: string | null;
  os: string | null;
  mobile: boolean;
};

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (agent: string, table: [RegExp, string][]) =>
  table.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

export function describeUserAgent(agent: string | null): DeviceDescription {
  if (!agent) return { browser: null, os: null, mobile: false };
  return {
    browser: first(agent, BROWSERS),
    os: first(agent, SYSTEMS),
    mobile: /\bMobile\b|\biPhone\b|\bAndroid\b.*\bMobile\b/.test(agent),
  };
}

/** "Chrome on Android", or whichever half is known, or null. */
export function deviceLabel(agent: string | null): string | null {
  const { browser, os } = describeUserAgent(agent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os;
}
