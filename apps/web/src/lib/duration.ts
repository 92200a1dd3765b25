/**
 * A length of time in the locale's own words, in the largest whole unit that fits ("4 hours",
 * "৪ ঘণ্টা", "1 day"); whole minutes under an hour. Intl does the wording, so every language
 * reads naturally without plural rules of our own.
 */
export function formatDuration(minutes: number, locale: string): string {
  const [value, unit] =
    minutes >= 1440 && minutes % 1440 === 0
      ? [minutes / 1440, 'day']
      : minutes >= 60 && minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute'];
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
      value,
    );
  } catch {
    return `${value} ${unit}${value === 1 ? '' : 's'}`;
  }
}
