import path from 'node:path';
import type { Db } from '../../platform/db/database.ts';
import type { PlayerAuth, StaffAuth } from '../../platform/http/guards.ts';
import type { AuditService } from '../audit/index.ts';
import type { PlayersService } from '../players/index.ts';
import { KycStore } from './kyc.files.ts';
import { KycRepository } from './kyc.repository.ts';
import { kycAdminRoutes, kycRoutes } from './kyc.routes.ts';
import { KycService } from './kyc.service.ts';
import { type KycVendor, SignedCallbackVendor } from './providers/vendor.ts';

export { isKycError, KYC_ERRORS, type KycErrorCode, kycError } from './kyc.errors.ts';
export { KYC_FILE_BYTES_MAX, sniff } from './kyc.files.ts';
export type { KycDecision, KycVendor } from './providers/vendor.ts';
export {
  CallbackRejected,
  KYC_SIGNATURE_HEADER,
  SignedCallbackVendor,
} from './providers/vendor.ts';
export type { KycService };

/**
 * Identity verification (issue 16 item 6): the built-in provider (the Verification page where
 * the player uploads an ID document and a selfie, reviewed by compliance staff) and the signed
 * callback an external vendor decides through. The player's state lives in
 * `players.kyc_status`, which the withdrawal checks read.
 */
export function createKycModule(deps: {
  db: Db;
  players: PlayersService;
  audit: AuditService;
  auth: PlayerAuth;
  staff: StaffAuth;
  /** Documents go to `<dataDir>/kyc`: outside the web root, never served publicly. */
  dataDir: string;
  publicUrl: () => string;
  /** The external vendor's callback secret; without it callbacks are refused. */
  vendor: { name: string; callbackSecret: string | undefined };
  /** Another adapter for the external vendor (the generic signed format otherwise). */
  adapter?: KycVendor;
}) {
  const vendor =
    deps.adapter ??
    (deps.vendor.callbackSecret
      ? new SignedCallbackVendor(deps.vendor.name, deps.vendor.callbackSecret)
      : null);
  const service = new KycService(
    new KycRepository(deps.db),
    deps.players,
    deps.audit,
    new KycStore(path.join(deps.dataDir, 'kyc')),
    vendor,
    { publicUrl: deps.publicUrl },
  );
  return {
    service,
    routes: kycRoutes(service, deps.auth),
    adminRoutes: kycAdminRoutes(service, deps.staff),
  };
}
