import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DocumentAccessExplainer } from '@app/access';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { DocumentRefDto, ErrorCode, ok } from '@app/common';
import { ApiErrors, Data, RpcPost } from '@app/http';

@ApiTags('documents')
@ApiKeyAuth()
@Controller()
export class DocumentAccessController {
  constructor(private readonly explainer: DocumentAccessExplainer) {}

  @RpcPost('/v2/organizations/documents/access/get')
  @ApiErrors(ErrorCode.NOT_FOUND)
  @ApiOperation({
    description:
      "Ours: who may open the document and why. The document's access type and folder chain, every grant on the " +
      "organization, the chain's folders and the document, each user holding one or belonging to the organization with " +
      'the role the access rule gives and the step that decided (`reason`, `decidedBy`), and the groups with their ' +
      'members (up to 500 of each; `truncated` says when more exist).',
  })
  async explain(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DocumentRefDto) {
    return ok(
      'Document access retrieved successfully.',
      await this.explainer.explain(key.apiKeyId, dto.organizationId, dto.documentId),
    );
  }
}
