import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Largest upload per file: a full-resolution phone photo of a document fits; a video does not. */
export const KYC_FILE_BYTES_MAX = 8 * 1024 * 1024;
export const KYC_FILE_MB_MAX = KYC_FILE_BYTES_MAX / (1024 * 1024);

export type KycMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
const EXTENSION: Record<KycMime, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/**
 * The file's real type from its first bytes (its "magic number"), never from the name or
 * the browser's Content-Type, which the sender controls.
 */
export function sniff(bytes: Buffer): KycMime | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  // RIFF container whose form type is WEBP: "RIFF" <size:4> "WEBP".
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    return 'application/pdf';
  }
  return null;
}

const KEY = /^[0-9]{1,19}\/[0-9a-f]{32}\.(jpg|png|webp|pdf)$/;

/**
 * Identity documents on disk under `<DATA_DIR>/kyc`, outside the web root: nothing serves
 * this directory; staff read a file only through the back office's authenticated route.
 * Files are written owner-only (0600) under random names.
 */
export class KycStore {
  constructor(private readonly root: string) {}

  async put(player_id: bigint, bytes: Buffer, mime: KycMime) {
    const dir = path.join(this.root, String(player_id));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const key = `${player_id}/${randomBytes(16).toString('hex')}.${EXTENSION[mime]}`;
    const target = path.join(this.root, key);
    const temporary = `${target}.part`;
    await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
    await rename(temporary, target);
    return { storage_key: key, sha256: createHash('sha256').update(bytes).digest('hex') };
  }

  /** Removes a file a failed submission left behind (best effort: a leftover is harmless). */
  async remove(storage_key: string): Promise<void> {
    if (!KEY.test(storage_key)) return;
    await rm(path.join(this.root, storage_key), { force: true }).catch(() => undefined);
  }

  async read(storage_key: string): Promise<Buffer> {
    if (!KEY.test(storage_key)) throw new Error('invalid storage key');
    return readFile(path.join(this.root, storage_key));
  }
}
