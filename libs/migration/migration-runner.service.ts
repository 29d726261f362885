import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { rekeyActivities } from '@app/activity';
import { DocumentRekeyService } from '@app/document';
import { rekeyEmailHistory } from '@app/email';
import { Emit, EventOutbox } from '@app/events';
import { OrganizationService } from '@app/organization';
import { movePresence } from '@app/presence';
import { RealtimeHub } from '@app/realtime-hub';
import { REDIS, RedisClient } from '@app/redis';
import { ORGANIZATION_DISABLED, ORGANIZATION_NOT_FOUND } from '@app/resource';
import { rekeyWebhookHistory } from '@app/webhook';
import { MigrationStatus } from './entities/document-migration.entity';

/** The reason a migration is marked failed with when its job ran out of attempts. */
export const MIGRATION_ABANDONED = 'Migration could not be completed.';
const TARGET_TAKEN = 'A document with newDocumentId already exists.';

interface MigrationRow {
  id: string;
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  newDocumentId: string;
  status: MigrationStatus;
}

/** A reason the migration cannot happen with the data as it is; reported, never retried. */
class MigrationRefused extends Error {}

const ROW_COLUMNS = `id, api_key_id AS "apiKeyId", organization_id AS "organizationId", document_id AS "documentId",
  new_document_id AS "newDocumentId", status`;

/**
 * Worker side of document migration. Safe to run any number of times, concurrently or after a
 * crash, for one migration id: the row lock serializes runs, only an in_progress row is acted
 * on, and the re-key commits in the same transaction as `completed`.
 */
@Injectable()
export class MigrationRunner {
  private readonly logger = new Logger(MigrationRunner.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventOutbox,
    private readonly organizations: OrganizationService,
    private readonly documents: DocumentRekeyService,
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly hub: RealtimeHub,
  ) {}

  /** Returns the final status, or null when the migration row does not exist. */
  async run(migrationId: string): Promise<MigrationStatus | null> {
    const claimed = await this.claim(migrationId);
    if (!claimed) {
      const row = await this.find(migrationId);
      // A run that committed but died before its job was acknowledged left these effects undone.
      if (row?.status === 'completed') await this.afterCommit(row);
      return row?.status ?? null;
    }
    let status: MigrationStatus;
    try {
      status = await this.events.transaction(claimed.apiKeyId, (manager, emit) => this.rekey(manager, claimed, emit));
    } catch (error) {
      if (!(error instanceof MigrationRefused)) throw error;
      await this.fail(migrationId, error.message);
      return 'failed';
    }
    if (status === 'completed') {
      this.logger.log({ migrationId }, 'Migration completed');
      await this.afterCommit(claimed);
    }
    return status;
  }

  async unsettled(quietSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM document_migration WHERE status IN ('pending', 'in_progress') AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
      [quietSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Marks a migration failed that ran out of retries on unexpected errors. */
  async abandon(migrationId: string): Promise<void> {
    await this.fail(migrationId, MIGRATION_ABANDONED);
  }

  private async claim(migrationId: string): Promise<MigrationRow | undefined> {
    const [rows] = await this.dataSource.query<[MigrationRow[], number]>(
      `UPDATE document_migration SET status = 'in_progress', attempts = attempts + 1, updated_at = now()
       WHERE id = $1 AND status IN ('pending', 'in_progress') RETURNING ${ROW_COLUMNS}`,
      [migrationId],
    );
    return rows[0];
  }

  private async find(migrationId: string): Promise<MigrationRow | undefined> {
    const rows: MigrationRow[] = await this.dataSource.query(
      `SELECT ${ROW_COLUMNS} FROM document_migration WHERE id = $1`,
      [migrationId],
    );
    return rows[0];
  }

  private async rekey(manager: EntityManager, migration: MigrationRow, emit: Emit): Promise<MigrationStatus> {
    const { id, apiKeyId, organizationId, documentId, newDocumentId } = migration;
    // Serializes concurrent runs of this migration; a later one finds it already settled.
    const [current]: { status: MigrationStatus }[] = await manager.query(
      'SELECT status FROM document_migration WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (current?.status !== 'in_progress') return current?.status ?? 'failed';
    const organization = await this.organizations.lockState(manager, apiKeyId, organizationId);
    if (!organization) throw new MigrationRefused(ORGANIZATION_NOT_FOUND);
    if (organization.disabled) throw new MigrationRefused(ORGANIZATION_DISABLED);
    const outcome = await this.documents.rekey(manager, apiKeyId, organizationId, documentId, newDocumentId);
    if (outcome === 'source-missing') throw new MigrationRefused('Source document does not exist.');
    if (outcome === 'target-taken') throw new MigrationRefused(TARGET_TAKEN);
    await rekeyWebhookHistory(manager, apiKeyId, organizationId, documentId, newDocumentId);
    await rekeyActivities(manager, apiKeyId, organizationId, documentId, newDocumentId);
    await rekeyEmailHistory(manager, apiKeyId, organizationId, documentId, newDocumentId);
    await manager.query(
      `UPDATE document_migration SET status = 'completed', error = NULL, completed_at = now(), updated_at = now() WHERE id = $1`,
      [id],
    );
    // Only the run that re-keys gets here, so a retried job cannot emit twice.
    emit({ trigger: 'document.migrated', organizationId, documentId, newDocumentId, migrationId: id });
    return 'completed';
  }

  private async fail(migrationId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE document_migration SET status = 'failed', error = $2, updated_at = now() WHERE id = $1 AND status IN ('pending', 'in_progress')`,
      [migrationId, reason],
    );
  }

  /**
   * Redis is outside the transaction, so this runs after commit and is idempotent: presence moves
   * to the new key, then clients of the old id are told the new one and lose the old subscription.
   */
  private async afterCommit(migration: MigrationRow): Promise<void> {
    const { apiKeyId, organizationId, documentId, newDocumentId } = migration;
    await movePresence(this.redis, apiKeyId, organizationId, documentId, newDocumentId);
    await this.hub.migrated({ apiKeyId, organizationId, documentId, newDocumentId });
  }
}
