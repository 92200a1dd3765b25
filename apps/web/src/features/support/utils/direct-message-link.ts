/** The messaging app's click-to-chat link: digits only, no plus or spaces. */
export function directMessageLink(number: string): string | null {
  const digits = number.replace(/\D/g, '');
  return digits.length >= 6 ? `https://wa.me/${digits}` : null;
}
