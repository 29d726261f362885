import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError } from '@app/common';
import { DocumentDirectoryService } from '@app/document';
import { DOCUMENT_NOT_FOUND, ensureDocument } from '@app/resource';
import { CommentFeed, threadAudience } from './comment-feed';
import { CommentStore, locationIdOf } from './comment-store';
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
    private readonly store: CommentStore,
  ) {}

  async update(apiKeyId: string, dto: UpdateLocationDto): Promise<void> {
    const oldId = identity(dto.migrate.oldLocation, 'data.migrate.oldLocation');
    await this.feed.transaction(apiKeyId, undefined, async (manager, _emit, noted) => {
      const organizationId = await this.organizationOf(manager, apiKeyId, dto.documentId, dto.organizationId);
      const document = { organizationId, documentId: dto.documentId };
      const rows = await this.store.atLocation(manager, apiKeyId, document, oldId);
      if (rows.length === 0) return;
      const changed = rows.map((row) => {
        const location = dto.merge === true ? { ...row.location, ...dto.migrate.newLocation } : dto.migrate.newLocation;
        return { id: row.id, location, location_id: locationIdOf(location) };
      });
      await this.store.moveAnnotations(manager, apiKeyId, document, changed);
      for (const { id } of changed)
        noted({ organizationId, documentId: dto.documentId, annotationId: id, kind: 'thread_updated' });
    });
  }

  /** Deletes the location's comment annotations (their comments and reactions go with them). */
  async deleteData(apiKeyId: string, dto: DeleteLocationDataDto): Promise<void> {
    const locationId = identity(dto.location, 'data.location');
    await this.feed.transaction(apiKeyId, undefined, async (manager, _emit, noted) => {
      const organizationId = await this.organizationOf(manager, apiKeyId, dto.documentId, dto.organizationId);
      const gone = await this.store.deleteAtLocation(
        manager,
        apiKeyId,
        { organizationId, documentId: dto.documentId },
        locationId,
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
