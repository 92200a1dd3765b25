import type { AuditActor, AuditService } from '../audit/index.ts';
import { complianceError } from './compliance.errors.ts';
import type { ComplianceRepository } from './compliance.repository.ts';

/**
 * A module that stores something about a player: its part of the player's data export, each
 * section JSON text (written by PostgreSQL, so bigints stay exact) under a name of its own.
 */
export type PlayerDataSource = {
  exportOf(player_id: bigint): Promise<Readonly<Record<string, string>>>;
};

export type PrivacyOptions = {
  /** Every module that stores player data, each asked for its sections of the export. */
  sources: readonly PlayerDataSource[];
  /** The player's accounts (closure waits until the cash is withdrawn): the ledger. */
  ledger: {
    playerAccounts(
      player_id: bigint,
    ): Promise<ReadonlyArray<{ kind: string; balance_minor: bigint }>>;
  };
  /** Closing an account: the players module's status, the auth module's sessions. */
  players: { update(player_id: bigint, patch: { status: 'closed' }): Promise<unknown> };
  sessions: { revokeAllSessions(player_id: bigint, reason: string): Promise<number> };
};

/**
 * The player's data rights: the export of everything stored about them (GDPR access and
 * portability) and closing the account on request. Built after every module it asks.
 */
export class PrivacyService {
  constructor(
    private readonly repository: ComplianceRepository,
    private readonly audit: AuditService,
    private readonly options: PrivacyOptions,
  ) {}

  /**
   * Everything stored about the player, as JSON text. Secrets (password hash, session token
   * digests) are left out by the modules that hold them, and so are AML alerts and case notes:
   * telling a player about a suspicion is prohibited (tipping off). Audited.
   */
  async exportData(player_id: bigint, actor: AuditActor): Promise<string> {
    const sections: Record<string, string> = {};
    for (const source of this.options.sources) {
      for (const [name, json] of Object.entries(await source.exportOf(player_id))) {
        if (name in sections) throw new Error(`data export: two modules export ${name}`);
        sections[name] = json;
      }
    }
    const data = await this.repository.exportDocument(sections);
    await this.audit.record({
      actor,
      action: 'player.data_export',
      target: { type: 'player', id: player_id },
    });
    return data;
  }

  /**
   * Closes the player's account at their request. The balance must be withdrawn first (money is
   * never stranded in a closed account); sessions end at once; the records are kept as the
   * licence and AML law require (the export stays available to staff).
   */
  async closeAccount(player_id: bigint, actor: AuditActor): Promise<void> {
    const accounts = await this.options.ledger.playerAccounts(player_id);
    if (accounts.some((account) => account.kind === 'player_cash' && account.balance_minor > 0n))
      throw complianceError('BALANCE_REMAINING');
    await this.options.players.update(player_id, { status: 'closed' });
    await this.options.sessions.revokeAllSessions(player_id, 'player_closed');
    await this.audit.record({
      actor,
      action: 'player.account_closed',
      target: { type: 'player', id: player_id },
      metadata: { by: 'player request' },
    });
  }
}
