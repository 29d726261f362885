import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch, ok, okWithoutData } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddDocumentsDto } from './dto/add-documents.dto';
import { DocumentIdsDto } from './dto/document-ids.dto';
import { GetDocumentsDto } from './dto/get-documents.dto';
import { MoveDocumentsDto } from './dto/move-documents.dto';
import { SearchDocumentsDto } from './dto/search-documents.dto';
import { UpdateDocumentAccessDto, UpdateDocumentDisabledStateDto } from './dto/update-document-access.dto';
import { UpdateDocumentsDto } from './dto/update-documents.dto';
import { DocumentService } from './document.service';

@ApiTags('documents')
@ApiKeyAuth()
@Controller()
export class DocumentController {
  constructor(private readonly documents: DocumentService) {}

  @RpcPost(['/v1/organizations/documents/add', '/v2/organizations/documents/add'])
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddDocumentsDto) {
    return batch('Document(s) added successfully.', await this.documents.add(key.apiKeyId, dto));
  }

  /**
   * Continuation is `result.pageToken` here, unlike organizations get (spec: Documents). `result.data`
   * holds documents only; ids that matched none go in `result.notFound` (docs/velt-fidelity.md).
   */
  @RpcPost(['/v1/organizations/documents/get', '/v2/organizations/documents/get'])
  @ApiOperation({
    description:
      '`result.data`: the documents. With `documentIds`, the last page (the one without `result.pageToken`) also ' +
      'carries `result.notFound`: one `{id, success: false, message, code: "not-found"}` per id that matched no ' +
      'document (or none inside `folderId`), in the order sent.',
  })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetDocumentsDto) {
    const page = await this.documents.get(key.apiKeyId, dto);
    return ok('Documents retrieved successfully.', page.rows, {
      ...(page.nextToken ? { pageToken: page.nextToken } : {}),
      ...(page.notFound ? { notFound: page.notFound } : {}),
    });
  }

  @RpcPost('/v2/organizations/documents/search')
  @ApiOperation({
    description:
      "Ours: the organization's documents whose id (exact case) or name (any case) starts with `prefix`, ordered by that " +
      'field, keyset-paged on its index (`result.pageToken`, as documents get).',
  })
  async search(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SearchDocumentsDto) {
    const page = await this.documents.search(key.apiKeyId, dto);
    return ok('Documents retrieved successfully.', page.rows, page.nextToken ? { pageToken: page.nextToken } : {});
  }

  @RpcPost(['/v1/organizations/documents/update', '/v2/organizations/documents/update'])
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateDocumentsDto) {
    return batch('Document(s) updated successfully.', await this.documents.update(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/organizations/documents/access/update', '/v2/organizations/documents/access/update'])
  async setAccessType(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateDocumentAccessDto) {
    return batch('Updated access for documents successfully.', await this.documents.setAccessType(key.apiKeyId, dto));
  }

  @RpcPost([
    '/v1/organizations/documents/access/disablestate/update',
    '/v2/organizations/documents/access/disablestate/update',
  ])
  async setDisabled(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateDocumentDisabledStateDto) {
    return batch(
      'Updated disable state for documents successfully.',
      await this.documents.setDisabled(key.apiKeyId, dto),
    );
  }

  @RpcPost(['/v1/organizations/documents/delete', '/v2/organizations/documents/delete'])
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DocumentIdsDto) {
    return batch('Document(s) deleted successfully.', await this.documents.delete(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/organizations/documents/move', '/v2/organizations/documents/move'])
  async move(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: MoveDocumentsDto) {
    await this.documents.move(key.apiKeyId, dto);
    return okWithoutData('Documents moved successfully.');
  }
}
