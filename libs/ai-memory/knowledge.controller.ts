import { Controller, Get, Param, Put, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ApiError, ErrorCode, ok, requireNoFields } from '@app/common';
import { Data, RpcPost } from '@app/http';
import {
  FILE_REF_MAX_BYTES,
  IngestKnowledgeDto,
  SearchKnowledgeDto,
  SourceRefDto,
  UpdateKnowledgeDto,
  UploadUrlDto,
} from './dto/knowledge.dto';
import { FILE_PATH, UPLOAD_PATH } from './knowledge-links';
import { KnowledgeService, LinkOrigin } from './knowledge.service';
import { MemorySearchService } from './memory-search.service';
import { answeringModelErrors } from './model-errors';

/** Signed links point back at this service, as the caller reached it (behind a proxy: TRUST_PROXY). */
const originOf = (req: Request): LinkOrigin => ({ origin: `${req.protocol}://${req.get('host') ?? 'localhost'}` });

async function readBody(req: Request, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(ErrorCode.INVALID_ARGUMENT, `The upload exceeds ${limit} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A signed link's query: its expiry and signature, as text (anything else in the query is ignored). */
function signedQuery(req: Request): { expires: string; signature: string } {
  const { expires, signature } = req.query;
  return {
    expires: typeof expires === 'string' ? expires : '',
    signature: typeof signature === 'string' ? signature : '',
  };
}

/** Velt's knowledge routes, and the signed upload and download links this service serves itself. */
@ApiTags('memory')
@Controller()
export class KnowledgeController {
  constructor(
    private readonly knowledge: KnowledgeService,
    private readonly search: MemorySearchService,
  ) {}

  @RpcPost('/v2/memory/knowledge/upload-url')
  @ApiKeyAuth()
  @ApiOperation({
    description:
      'A signed URL of this service, valid 15 minutes, to PUT the bytes to with the same Content-Type; fileRef is memory://uploads/<id>. ' +
      'At most 50 outstanding per API key.',
  })
  async uploadUrl(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UploadUrlDto, @Req() req: Request) {
    return ok('Upload URL created successfully.', await this.knowledge.uploadUrl(key.apiKeyId, dto, originOf(req)));
  }

  @Put(`${UPLOAD_PATH}/:id`)
  @ApiOperation({
    description:
      'The upload URL of upload-url (query expires and signature): the raw bytes, with the Content-Type given to upload-url, ' +
      'at most its fileSize. No API key: the signature is the credential.',
  })
  @ApiOkResponse({ description: 'The bytes are kept until ingest takes them.' })
  async upload(@Param('id') id: string, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const body = await readBody(req, FILE_REF_MAX_BYTES);
    await this.knowledge.receiveUpload({ id, contentType: req.get('content-type') ?? '', ...signedQuery(req), body });
    res.status(200);
    return ok('Upload received.', { success: true });
  }

  @Get(`${FILE_PATH}/:sourceId/:kind`)
  @ApiOperation({
    description:
      'A download link of ingest-status or knowledge/list (kind original or canonical; query expires and signature), valid 15 minutes. ' +
      'No API key: the signature is the credential.',
  })
  @ApiOkResponse({ description: 'The original bytes in their type, or the canonical markdown.' })
  async file(
    @Param('sourceId') sourceId: string,
    @Param('kind') kind: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const file = await this.knowledge.file({ sourceId, kind, ...signedQuery(req) });
    if (!file) throw new ApiError(ErrorCode.NOT_FOUND, 'The link is invalid or expired, or the file is gone.');
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Cache-Control', 'private, no-store');
    if (file.fileName) res.attachment(file.fileName);
    res.status(200).end(file.body);
  }

  @RpcPost('/v2/memory/knowledge/ingest')
  @ApiKeyAuth()
  @ApiOperation({
    description:
      'Inline (base64, up to 5 MB; the body may then be up to 8 MB) or by fileRef; the type is checked against the bytes. ' +
      'Conversion, rule extraction and embedding run on the worker; the same bytes again become a duplicate (dedupOf) of the first.',
  })
  async ingest(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: IngestKnowledgeDto) {
    return ok('Knowledge ingestion task enqueued.', await this.knowledge.ingest(key.apiKeyId, dto));
  }

  @RpcPost('/v2/memory/knowledge/ingest-status')
  @ApiKeyAuth()
  @ApiOperation({
    description: 'Counts and signed download links (15 minutes) once completed; a duplicate mirrors its original.',
  })
  async status(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SourceRefDto, @Req() req: Request) {
    return ok(
      'Ingest status retrieved successfully.',
      await this.knowledge.status(key.apiKeyId, dto.sourceId, originOf(req)),
    );
  }

  @RpcPost('/v2/memory/knowledge/list')
  @ApiKeyAuth()
  @ApiOperation({ description: 'The 100 most recently uploaded sources, newest first.' })
  async list(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>, @Req() req: Request) {
    requireNoFields(data);
    return ok('Knowledge sources retrieved successfully.', await this.knowledge.list(key.apiKeyId, originOf(req)));
  }

  @RpcPost('/v2/memory/knowledge/rules')
  @ApiKeyAuth()
  async rules(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SourceRefDto) {
    return ok('Rules retrieved successfully.', await this.knowledge.rules(key.apiKeyId, dto.sourceId));
  }

  @RpcPost('/v2/memory/knowledge/download')
  @ApiKeyAuth()
  @ApiOperation({ description: 'The canonical markdown, or null (unknown, foreign or unfinished source), as in Velt.' })
  async download(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SourceRefDto) {
    return ok('Canonical markdown retrieved successfully.', await this.knowledge.download(key.apiKeyId, dto.sourceId));
  }

  @RpcPost('/v2/memory/knowledge/update')
  @ApiKeyAuth()
  @ApiOperation({ description: 'Rule-based sources only: rules re-extracted and re-embedded, version bumped.' })
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateKnowledgeDto) {
    return ok('Knowledge updated successfully.', await answeringModelErrors(this.knowledge.update(key.apiKeyId, dto)));
  }

  @RpcPost('/v2/memory/knowledge/delete')
  @ApiKeyAuth()
  @ApiOperation({ description: 'ABORTED (409) while processing or while duplicates point at it.' })
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SourceRefDto) {
    return ok('Knowledge source deleted successfully.', await this.knowledge.delete(key.apiKeyId, dto.sourceId));
  }

  @RpcPost('/v2/memory/knowledge/search')
  @ApiKeyAuth()
  @ApiOperation({
    description:
      'Chunks (and with includeRules, rules) nearest the query; score is cosine distance, lower is closer. Without a usable ' +
      'embedding, the most recently ingested items without a score (Velt).',
  })
  async searchKnowledge(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SearchKnowledgeDto) {
    return ok('Knowledge search completed successfully.', await this.search.knowledge(key.apiKeyId, dto));
  }
}
