import { checkTimestamped, TIMESTAMPED_REFUSAL_MESSAGES } from '../../../platform/signing.ts';

/**
 * An external KYC vendor (Sumsub, Onfido, Veriff, IDnow…): it runs its own capture flow and
 * reports its decision with a signed callback. `parseCallback` authenticates and reads it.
 */
export interface KycVendor {
  readonly name: string;
  parseCallback(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): KycDecision;
}

export type KycDecision = {
  /** Unique per vendor event: a redelivery carries the same id. */
  event_id: string;
  /** Our verification id (`kyc_…`), given to the vendor when the check started. */
  reference: string;
  decision: 'approved' | 'rejected';
  reason: string | null;
};

export class CallbackRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CallbackRejected';
  }
}

export const KYC_SIGNATURE_HEADER = 'x-kyc-signature';
/** A callback signed further than this from the server clock is refused: replays expire. */
const CALLBACK_WINDOW_MS = 5 * 60_000;

/**
 * The generic signed-callback adapter: `x-kyc-signature: t=<unix>,v1=<hex HMAC-SHA256(secret,
 * "<t>.<raw body>")>` (5-minute window) over `{event_id, reference, status: approved|rejected,
 * reason?}`. A vendor with another format gets its own adapter implementing `KycVendor`.
 */
export class SignedCallbackVendor implements KycVendor {
  constructor(
    readonly name: string,
    private readonly secret: string,
  ) {}

  parseCallback(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): KycDecision {
    const refusal = checkTimestamped(
      this.secret,
      headers[KYC_SIGNATURE_HEADER],
      rawBody,
      now.getTime(),
      CALLBACK_WINDOW_MS,
    );
    if (refusal) throw new CallbackRejected(TIMESTAMPED_REFUSAL_MESSAGES[refusal]);
    let body: { event_id?: unknown; reference?: unknown; status?: unknown; reason?: unknown };
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new CallbackRejected('body is not JSON');
    }
    if (
      typeof body.event_id !== 'string' ||
      !/^[A-Za-z0-9_.:-]{1,128}$/.test(body.event_id) ||
      typeof body.reference !== 'string' ||
      !/^kyc_[0-9a-f]{24}$/.test(body.reference) ||
      (body.status !== 'approved' && body.status !== 'rejected') ||
      (body.reason != null && (typeof body.reason !== 'string' || body.reason.length > 500))
    ) {
      throw new CallbackRejected('body is not a KYC decision');
    }
    return {
      event_id: body.event_id,
      reference: body.reference,
      decision: body.status,
      reason: typeof body.reason === 'string' ? body.reason : null,
    };
  }
}
