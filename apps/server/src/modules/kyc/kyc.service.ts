import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/http/errors.ts';
import type { AuditActor, AuditService } from '../audit/index.ts';
import type { KycStatus, PlayersService } from '../players/index.ts';
import { kycError } from './kyc.errors.ts';
import {
  KYC_FILE_BYTES_MAX,
  KYC_FILE_MB_MAX,
  type KycMime,
  type KycStore,
  sniff,
} from './kyc.files.ts';
import type {
  DocumentType,
  KycRepository,
  VerificationRow,
  VerificationStatus,
} from './kyc.repository.ts';
import { CallbackRejected, type KycDecision, type KycVendor } from './providers/vendor.ts';

/** How long the verification page's link works. */
export const SESSION_MS = 60 * 60_000;
/** Verification attempts a player may start per day (each one is a link and, maybe, uploads). */
export const STARTS_PER_DAY_MAX = 10;
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  'passport',
  'national_id',
  'driving_licence',
];
const DAY_MS = 86_400_000;
const DOCUMENT_MIMES: readonly KycMime[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
];
const SELFIE_MIMES: readonly KycMime[] = ['image/jpeg', 'image/png', 'image/webp'];

export type KycOptions = {
  publicUrl: () => string;
};

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function fail(path: string, message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { errors: [{ path, message }] });
}

/**
 * Identity verification. The built-in provider is a page of this product (the spec's
 * "Verification" page, at the redirect) where the player uploads an ID document and a selfie;
 * compliance staff review them. An external vendor plugs in through `KycVendor` and its
 * signed callback. The player's state is `players.kyc_status`: PENDING while documents wait,
 * APPROVED or REJECTED (with a reason the player sees) after review.
 */
export class KycService {
  constructor(
    private readonly repository: KycRepository,
    private readonly players: PlayersService,
    private readonly audit: AuditService,
    private readonly store: KycStore,
    /** The external vendor whose signed callbacks are accepted (null: built-in only). */
    private readonly vendor: KycVendor | null,
    private readonly options: KycOptions,
  ) {}

  /**
   * Spec §7 `POST /customer/kyc-verification`: answers status, message and the redirect the
   * Verify button follows. Approved or in review: the settings page that says so; otherwise a
   * new verification and its page.
   */
  async start(player: { id: bigint; kyc_status: KycStatus | null }) {
    if (player.kyc_status === 'APPROVED' || player.kyc_status === 'PENDING') {
      return {
        status: 200,
        message:
          player.kyc_status === 'APPROVED'
            ? 'Your identity is already verified.'
            : 'Your documents are being reviewed.',
        redirect: `${this.options.publicUrl()}/settings/verify`,
      };
    }
    const since = new Date(Date.now() - DAY_MS);
    if ((await this.repository.startedSince(player.id, since)) >= STARTS_PER_DAY_MAX) {
      throw kycError('KYC_TOO_MANY_ATTEMPTS');
    }
    await this.repository.expireStarted(player.id);
    const token = randomBytes(32).toString('base64url');
    const public_id = `kyc_${randomBytes(12).toString('hex')}`;
    await this.repository.insert({
      public_id,
      player_id: player.id,
      provider: 'builtin',
      token_digest: digest(token),
      expires_at: new Date(Date.now() + SESSION_MS),
      vendor_reference: null,
    });
    return {
      status: 200,
      message: 'Continue to the verification page',
      redirect: `${this.options.publicUrl()}/verification?session=${token}`,
    };
  }

  /** What the player's verification page and settings show. */
  async latest(player_id: bigint) {
    const row = await this.repository.latest(player_id);
    return {
      status: row && row.status !== 'started' ? (row.status as KycStatus) : null,
      reason: row?.status === 'REJECTED' ? row.reason : null,
      document_type: row?.document_type ?? null,
      submitted_at: row?.submitted_at?.toISOString() ?? null,
      reviewed_at: row?.reviewed_at?.toISOString() ?? null,
    };
  }

  private async session(token: string): Promise<VerificationRow> {
    const row = /^[A-Za-z0-9_-]{43}$/.test(token)
      ? await this.repository.byDigest(digest(token))
      : undefined;
    if (!row || row.status === 'expired') {
      throw kycError('KYC_SESSION_UNKNOWN');
    }
    return row;
  }

  /** The verification page's view of its session (authenticated by the link's token). */
  async sessionView(token: string) {
    const row = await this.session(token);
    const player = await this.players.byId(row.player_id);
    return {
      status: row.status,
      expired: row.status === 'started' && row.expires_at <= new Date(),
      expires_at: row.expires_at.toISOString(),
      name: player?.name ?? '',
      document_types: [...DOCUMENT_TYPES],
      file_bytes_max: KYC_FILE_BYTES_MAX,
    };
  }

  /**
   * The player's upload: an ID document (JPEG, PNG, WebP or PDF) and a selfie (JPEG, PNG or
   * WebP), each checked by its content and capped in size, stored outside the web root; then
   * PENDING. Both files are checked before anything is written: a bad one stores nothing.
   */
  async submit(
    token: string,
    input: { document_type?: unknown; document?: unknown; selfie?: unknown },
  ) {
    const row = await this.session(token);
    if (row.status !== 'started') {
      throw kycError('KYC_ALREADY_SUBMITTED');
    }
    if (row.expires_at <= new Date()) {
      throw kycError('KYC_SESSION_EXPIRED');
    }
    const type = typeof input.document_type === 'string' ? input.document_type : '';
    if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) {
      fail('document_type', `document_type must be one of ${DOCUMENT_TYPES.join(', ')}.`);
    }
    const document = this.file(input.document, 'document', DOCUMENT_MIMES);
    const selfie = this.file(input.selfie, 'selfie', SELFIE_MIMES);
    const storedDocument = await this.store.put(row.player_id, document.bytes, document.mime);
    let storedSelfie: Awaited<ReturnType<KycStore['put']>> | undefined;
    let moved: VerificationRow | null = null;
    try {
      storedSelfie = await this.store.put(row.player_id, selfie.bytes, selfie.mime);
      moved = await this.repository.submit(row.id, type as DocumentType, [
        {
          kind: 'document',
          mime: document.mime,
          size_bytes: document.bytes.length,
          ...storedDocument,
        },
        { kind: 'selfie', mime: selfie.mime, size_bytes: selfie.bytes.length, ...storedSelfie },
      ]);
    } finally {
      // No row points at the files (a concurrent submission won, or the write failed): drop them.
      if (!moved) {
        await this.store.remove(storedDocument.storage_key);
        if (storedSelfie) await this.store.remove(storedSelfie.storage_key);
      }
    }
    if (!moved) {
      throw kycError('KYC_ALREADY_SUBMITTED');
    }
    await this.players.update(row.player_id, { kyc_status: 'PENDING' });
    await this.audit.record({
      actor: { type: 'player', id: row.player_id },
      action: 'kyc.submit',
      target: { type: 'kyc_verification', id: row.public_id },
      after: { status: 'PENDING', document_type: type },
    });
    return { status: 'PENDING' as const };
  }

  private file(value: unknown, path: 'document' | 'selfie', allowed: readonly KycMime[]) {
    const label = path === 'selfie' ? 'The selfie' : 'The ID document';
    if (!Buffer.isBuffer(value) || value.length === 0) fail(path, `${label} is missing.`);
    if (value.length > KYC_FILE_BYTES_MAX) {
      throw kycError('FILE_SIZE_REFUSED', `${label} is larger than ${KYC_FILE_MB_MAX} MB.`, path);
    }
    const mime = sniff(value);
    if (!mime || !allowed.includes(mime)) {
      throw kycError(
        'FILE_TYPE_REFUSED',
        path === 'selfie'
          ? 'The selfie must be a JPEG, PNG or WebP photo.'
          : 'The ID document must be a JPEG, PNG or WebP photo or a PDF.',
        path,
      );
    }
    return { bytes: value, mime };
  }

  // --- compliance ----------------------------------------------------------------------

  async list(query: { status?: VerificationStatus; q?: string; page: number; per_page: number }) {
    const { rows, total } = await this.repository.list({
      status: query.status,
      q: query.q,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    const items = await Promise.all(rows.map((row) => this.view(row)));
    return { items, total, page: query.page, per_page: query.per_page };
  }

  private async view(row: VerificationRow) {
    const player = await this.players.byId(row.player_id);
    return {
      id: row.public_id,
      player_id: String(row.player_id),
      player_name: player?.name ?? '',
      player_email: player?.email ?? '',
      provider: row.provider,
      status: row.status,
      document_type: row.document_type,
      reason: row.reason,
      reviewed_by: row.reviewed_by === null ? null : String(row.reviewed_by),
      created_at: row.created_at.toISOString(),
      submitted_at: row.submitted_at?.toISOString() ?? null,
      reviewed_at: row.reviewed_at?.toISOString() ?? null,
    };
  }

  async detail(public_id: string) {
    const row = await this.repository.byPublicId(public_id);
    if (!row) throw new AppError('NOT_FOUND', 'No such verification');
    const documents = await this.repository.documents(row.id);
    return {
      ...(await this.view(row)),
      documents: documents.map((doc) => ({
        id: String(doc.id),
        kind: doc.kind,
        mime: doc.mime,
        size_bytes: doc.size_bytes,
        sha256: doc.sha256,
      })),
    };
  }

  /** One document's bytes for a reviewer (the route sets no-store and nosniff). */
  async document(public_id: string, document_id: string, actor: AuditActor) {
    const row = await this.repository.byPublicId(public_id);
    const doc = row
      ? (await this.repository.documents(row.id)).find((d) => String(d.id) === document_id)
      : undefined;
    if (!row || !doc) throw new AppError('NOT_FOUND', 'No such document');
    const bytes = await this.store.read(doc.storage_key);
    // Who looked at whose identity document is itself evidence.
    await this.audit.record({
      actor,
      action: 'kyc.document.view',
      target: { type: 'kyc_verification', id: public_id },
      after: { document: doc.kind },
    });
    return { mime: doc.mime, bytes, kind: doc.kind };
  }

  async approve(public_id: string, actor: AuditActor & { id: bigint }) {
    return this.decide(public_id, 'APPROVED', null, actor);
  }

  async reject(public_id: string, reason: string, actor: AuditActor & { id: bigint }) {
    const why = reason.trim();
    if (!why) fail('reason', 'Give the reason (the player sees it).');
    if (why.length > 500) fail('reason', 'The reason must be at most 500 characters.');
    return this.decide(public_id, 'REJECTED', why, actor);
  }

  private async decide(
    public_id: string,
    status: 'APPROVED' | 'REJECTED',
    reason: string | null,
    actor: AuditActor & { id: bigint },
  ) {
    const row = await this.repository.byPublicId(public_id);
    if (!row) throw new AppError('NOT_FOUND', 'No such verification');
    const moved = await this.repository.transition(row.id, ['PENDING'], {
      status,
      reason,
      reviewed_by: actor.id,
      reviewed_at: new Date(),
    });
    if (!moved) {
      throw kycError(
        'KYC_STATE',
        `This verification is ${row.status === 'started' ? 'not submitted yet' : row.status} and cannot be reviewed.`,
      );
    }
    // players.kyc_status is what the wallet and every withdrawal check read.
    await this.players.update(row.player_id, { kyc_status: status });
    await this.audit.record({
      actor,
      action: status === 'APPROVED' ? 'kyc.approve' : 'kyc.reject',
      target: { type: 'kyc_verification', id: public_id },
      before: { status: 'PENDING' },
      after: { status, reason, player_id: String(row.player_id) },
    });
    return this.view(moved);
  }

  /**
   * `/customer/kyc-verification/callback`: an external vendor's signed decision, applied once
   * per vendor event. It may decide a verification the vendor ran itself (`started`) or one
   * whose documents reached us (`PENDING`); a decided one stays decided (a late or reordered
   * event is recorded and ignored). The event is recorded last, so a crash part-way leaves it
   * unrecorded and the vendor's redelivery finishes the work.
   */
  async callback(headers: Record<string, string | string[] | undefined>, rawBody: string) {
    if (!this.vendor) {
      throw kycError('KYC_VENDOR_OFF');
    }
    let event: KycDecision;
    try {
      event = this.vendor.parseCallback(headers, rawBody, new Date());
    } catch (error) {
      if (error instanceof CallbackRejected) {
        throw kycError('CALLBACK_REJECTED', `Callback rejected: ${error.message}`);
      }
      throw error;
    }
    const seen = await this.repository.callbackSeen(this.vendor.name, event.event_id);
    if (seen) return { outcome: 'duplicate' as const };
    const row = await this.repository.byPublicId(event.reference);
    if (!row) {
      throw new AppError('NOT_FOUND', `Unknown verification: ${event.reference}`);
    }
    const status = event.decision === 'approved' ? 'APPROVED' : 'REJECTED';
    const reason =
      status === 'REJECTED'
        ? event.reason?.trim() || 'Rejected by the verification provider'
        : null;
    const moved = await this.repository.transition(row.id, ['started', 'PENDING'], {
      status,
      reason,
      reviewed_at: new Date(),
      submitted_at: row.submitted_at ?? new Date(),
    });
    // Moved now, or already moved to this same decision by the vendor (this event before a
    // crash, or a concurrent delivery of it): read again, the row may have moved since.
    let applies = moved !== undefined;
    if (!moved) {
      const current = await this.repository.byPublicId(event.reference);
      applies = current?.status === status && current.reviewed_by === null;
    }
    if (applies) {
      const latest = await this.repository.latest(row.player_id);
      if (latest?.id === row.id) await this.players.update(row.player_id, { kyc_status: status });
    }
    if (moved) {
      await this.audit.record({
        actor: { type: 'system', id: `kyc:${this.vendor.name}` },
        action: status === 'APPROVED' ? 'kyc.approve' : 'kyc.reject',
        target: { type: 'kyc_verification', id: row.public_id },
        after: { status, reason, event_id: event.event_id, player_id: String(row.player_id) },
      });
    }
    const outcome = applies ? status : 'ignored';
    // A concurrent delivery of the same event may have recorded it first: still one outcome.
    const fresh = await this.repository.recordCallback(this.vendor.name, event.event_id, outcome);
    return { outcome: fresh ? outcome : ('duplicate' as const) };
  }
}
