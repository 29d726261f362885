import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError } from '@app/common';
import { DocumentDirectoryService } from '@app/document';
import { DOCUMENT_NOT_FOUND, ensureDocument } from '@app/resource';
import { CommentFeed, threadAudience } from './comment-feed';
import { locationIdOf } from './comment-store';
import { CommentUser } from './entities/comment-user';
import { DeleteLocationDataDto, UpdateLocationDto } from './dto/locations.dto';

/**
 * Velt's v1 location routes over the one place locations live here: the `location` of comment
 * annotations, matched by its `id` (else `locationName`) as the `locationIds` filters match it.
 * Each thread moved or deleted is a change of the document's comments (change log and live push).
 */
@Injectable()
export class CommentLocationService {
  constructor(
    private readonly feed: CommentFeed,
    private readonly documents: DocumentDirectoryService,
  ) {}

  async update(apiKeyId: string, dto: UpdateLocationDto): Promise<void> {
    const oldId = identity(dto.migrate.oldLocation, 'data.migrate.oldLocation');
    await this.feed.transaction(apiKeyId, undefined, async (manager, _emit, noted) => {
      const organizationId = await this.organizationOf(manager, apiKeyId, dto.documentId, dto.organizationId);
      const rows = await manager.query<Array<{ id: string; location: Record<string, unknown> }>>(
        `SELECT id, location FROM comment_annotation
          WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND location_id = $4 FOR UPDATE`,
        [apiKeyId, organizationId, dto.documentId, oldId],
      );
      if (rows.length === 0) return;
      const changed = rows.map((row) => {
        const location = dto.merge === true ? { ...row.location, ...dto.migrate.newLocation } : dto.migrate.newLocation;
        return { id: row.id, location, location_id: locationIdOf(location) };
      });
      await manager.query(
        `UPDATE comment_annotation AS a SET location = v.location, location_id = v.location_id, updated_at = now()
           FROM jsonb_to_recordset($4::jsonb) AS v(id text, location jsonb, location_id text)
          WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = $3 AND a.id = v.id`,
        [apiKeyId, organizationId, dto.documentId, JSON.stringify(changed)],
      );
      for (const { id } of changed)
        noted({ organizationId, documentId: dto.documentId, annotationId: id, kind: 'thread_updated' });
    });
  }

  /** Deletes the location's comment annotations (their comments and reactions go with them). */
  async deleteData(apiKeyId: string, dto: DeleteLocationDataDto): Promise<void> {
    const locationId = identity(dto.location, 'data.location');
    await this.feed.transaction(apiKeyId, undefined, async (manager, _emit, noted) => {
      const organizationId = await this.organizationOf(manager, apiKeyId, dto.documentId, dto.organizationId);
      // A DELETE's answer through TypeORM: [rows, count].
      const [gone] = await manager.query<
        [Array<{ id: string; visibility: Record<string, unknown> | null; created_by: CommentUser | null }>, number]
      >(
        `DELETE FROM comment_annotation WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3 AND location_id = $4
          RETURNING id, visibility, created_by`,
        [apiKeyId, organizationId, dto.documentId, locationId],
      );
      for (const row of gone)
        noted({
          organizationId,
          documentId: dto.documentId,
          annotationId: row.id,
          kind: 'thread_deleted',
          audience: threadAudience({ visibility: row.visibility, createdBy: row.created_by }),
        });
    });
  }

  /** The given organization, else the only one holding the document; the document is locked against deletion either way. */
  private async organizationOf(
    manager: EntityManager,
    apiKeyId: string,
    documentId: string,
    given?: string,
  ): Promise<string> {
    let organizationId = given;
    if (organizationId === undefined) {
      const holders = await this.documents.organizationsOf(manager, apiKeyId, documentId);
      if (holders.length === 0) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
      if (holders.length > 1)
        throw ApiError.invalid(
          `data.organizationId is required: document ${documentId} exists in more than one organization.`,
        );
      organizationId = holders[0];
    }
    await ensureDocument(manager, apiKeyId, organizationId, documentId);
    return organizationId;
  }
}

/** Velt's Location identity: `id` (0 included), else a non-empty `locationName`. */
function identity(location: Record<string, unknown>, path: string): string {
  const id = locationIdOf(location);
  if (id === null || id === '') throw ApiError.invalid(`${path} needs an id or a locationName.`);
  return id;
}
