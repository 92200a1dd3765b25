/** What the server accepts, read from the file's first bytes as the server does. */
export type SniffedType = 'jpeg' | 'png' | 'webp' | 'pdf';

export function sniffBytes(bytes: Uint8Array): SniffedType | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((value, index) => bytes[index] === value)) return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 5 && ascii(0, 5) === '%PDF-') return 'pdf';
  return null;
}

export async function sniffFile(file: File): Promise<SniffedType | null> {
  return sniffBytes(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
}
