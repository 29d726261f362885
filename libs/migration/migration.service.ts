import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, ErrorCode, newId } from '@app/common';
import { DocumentRekeyService } from '@app/document';
import { ensureDocument } from '@app/resource';
import { MigrateDocumentDto } from './dto/migrate-document.dto';
import { MigrationStatusDto } from './dto/migration-status.dto';
import { MigrationStatus } from './entities/document-migration.entity';
import { MigrationProducer } from './migration.producer';

export interface MigrationView {
  migrationId: string;
  status: MigrationStatus;
  error?: string;
}

/**
 * API side of document migration: checks the request against the current data so bad requests
 * fail at once, records a pending row and enqueues its job. The worker re-checks everything
 * inside its transaction, since the data may change in between.
 */
@Injectable()
export class MigrationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly producer: MigrationProducer,
    private readonly documents: DocumentRekeyService,
  ) {}

  async start(apiKeyId: string, dto: MigrateDocumentDto): Promise<string> {
    const { organizationId, documentId, newDocumentId } = dto;
    if (documentId === newDocumentId) throw ApiError.invalid('newDocumentId must differ from documentId.');
    await ensureDocument(this.dataSource.manager, apiKeyId, organizationId, documentId, {
      lock: false,
      requireEnabled: true,
    });
    if (await this.documents.isTaken(this.dataSource.manager, apiKeyId, organizationId, newDocumentId)) {
      throw new ApiError(ErrorCode.ALREADY_EXISTS, 'A document with newDocumentId already exists.');
    }
    const migrationId = newId();
    await this.dataSource.query(
      'INSERT INTO document_migration (id, api_key_id, organization_id, document_id, new_document_id) VALUES ($1, $2, $3, $4, $5)',
      [migrationId, apiKeyId, organizationId, documentId, newDocumentId],
    );
    await this.producer.enqueue(migrationId);
    return migrationId;
  }

  /** Another key's or another organization's migration is indistinguishable from a missing one. */
  async status(apiKeyId: string, dto: MigrationStatusDto): Promise<MigrationView> {
    const [row]: { status: MigrationStatus; error: string | null }[] = await this.dataSource.query(
      'SELECT status, error FROM document_migration WHERE api_key_id = $1 AND organization_id = $2 AND id = $3',
      [apiKeyId, dto.organizationId, dto.migrationId],
    );
    if (!row) throw ApiError.notFound('Migration does not exist.');
    const view: MigrationView = { migrationId: dto.migrationId, status: row.status };
    if (row.status === 'failed') view.error = row.error ?? 'Migration failed.';
    return view;
  }
}
