import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, ErrorCode, newId } from '@app/common';
import { INLINE_MAX_BYTES, IngestKnowledgeDto, UpdateKnowledgeDto, UploadUrlDto } from './dto/knowledge.dto';
import { bytesMatchType, KnowledgeMimeType } from './file-text';
import {
  FILE_REF_PREFIX,
  fileLink,
  FileKind,
  fileLinkParts,
  LINK_TTL_MS,
  uploadLink,
  uploadLinkParts,
  verifyLink,
} from './knowledge-links';
import { SOURCE_WITH_WINNER, SourceWithWinner } from './knowledge-sql';
import { MemoryEmbeddings } from './memory-embeddings';
import { MemoryProducer } from './memory.producer';
import { extractRules, isRuleBased, ruleDiff } from './rule-extraction';

/** Velt: a workspace holds at most 50 outstanding upload URLs; list shows the newest 100 sources. */
const OUTSTANDING_UPLOADS = 50;
const LIST_LIMIT = 100;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
export const NOT_RULE_BASED = 'Version diff is only supported for rule-based knowledge sources.';

/** Where signed links point: this service's own origin as the caller reached it. */
export interface LinkOrigin {
  origin: string;
}

function checkScope(dto: { organizationId?: string; documentId?: string }): void {
  if (dto.documentId !== undefined && dto.organizationId === undefined)
    throw ApiError.invalid('data.documentId requires organizationId.');
}

/**
 * Knowledge sources (Velt's knowledge API): the bytes are kept in PostgreSQL and served back through
 * short-lived signed links of this service; conversion, rule extraction and embedding run on the memory
 * queue (the row is the truth, the job a wake-up call).
 */
@Injectable()
export class KnowledgeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly producer: MemoryProducer,
    private readonly embeddings: MemoryEmbeddings,
  ) {}

  async uploadUrl(apiKeyId: string, dto: UploadUrlDto, { origin }: LinkOrigin) {
    checkScope(dto);
    const now = Date.now();
    const id = `up_${newId()}`;
    const expires = now + LINK_TTL_MS;
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO memory_knowledge_upload (api_key_id, id, mime_type, file_size, file_name, organization_id, document_id, expires_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
        WHERE (SELECT count(*) FROM memory_knowledge_upload WHERE api_key_id = $1 AND ingested_at IS NULL AND expires_at > $9) < $10
       RETURNING id`,
      [
        apiKeyId,
        id,
        dto.mimeType,
        dto.fileSize,
        dto.fileName ?? null,
        dto.organizationId ?? null,
        dto.documentId ?? null,
        expires,
        now,
        OUTSTANDING_UPLOADS,
      ],
    );
    if (inserted.length === 0)
      throw new ApiError(
        ErrorCode.RESOURCE_EXHAUSTED,
        `At most ${OUTSTANDING_UPLOADS} upload URLs may be outstanding; ingest or let some expire first.`,
      );
    return {
      uploadUrl: uploadLink(this.config.pageTokenKey, origin, id, dto.mimeType, expires),
      fileRef: `${FILE_REF_PREFIX}${id}`,
      expiresAt: expires,
    };
  }

  /** The PUT of an upload URL: the signature binds the slot and its content type; the bytes must not exceed the declared size. */
  async receiveUpload(upload: { id: string; contentType: string; expires: string; signature: string; body: Buffer }) {
    if (
      !verifyLink(
        this.config.pageTokenKey,
        uploadLinkParts(upload.id, upload.contentType),
        upload.expires,
        upload.signature,
      )
    )
      throw new ApiError(
        ErrorCode.PERMISSION_DENIED,
        'The upload URL is invalid or expired, or the Content-Type differs.',
      );
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE memory_knowledge_upload SET content = $2
        WHERE id = $1 AND ingested_at IS NULL AND file_size >= $3 RETURNING id`,
      [upload.id, upload.body, upload.body.length],
    );
    if (rows.length === 0)
      throw new ApiError(
        ErrorCode.FAILED_PRECONDITION,
        'The upload was already ingested, or exceeds its declared fileSize.',
      );
  }

  async ingest(apiKeyId: string, dto: IngestKnowledgeDto) {
    checkScope(dto);
    const file = dto.source === 'inline' ? this.inlineFile(dto) : await this.takeUpload(apiKeyId, dto);
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const id = `src_${newId()}`;
    const now = Date.now();
    const [winner]: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM memory_knowledge_source WHERE api_key_id = $1 AND sha256 = $2 AND dedup_of IS NULL AND status <> 'failed'
        ORDER BY uploaded_at LIMIT 1`,
      [apiKeyId, sha256],
    );
    await this.dataSource.query(
      `INSERT INTO memory_knowledge_source (api_key_id, id, organization_id, document_id, uploaded_by, file_name, mime_type, file_size,
              sha256, status, dedup_of, original, uploaded_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'processing', $10, $11, $12, $12)`,
      [
        apiKeyId,
        id,
        dto.organizationId ?? null,
        dto.documentId ?? null,
        dto.user?.userId ?? null,
        file.fileName,
        file.mimeType,
        file.bytes.length,
        sha256,
        winner?.id ?? null,
        winner ? null : file.bytes,
        now,
      ],
    );
    if (!winner) await this.producer.ingest(id);
    return { status: 'processing', sourceId: id, message: 'Knowledge ingestion task enqueued.' };
  }

  async status(apiKeyId: string, sourceId: string, { origin }: LinkOrigin) {
    const source = await this.find(apiKeyId, sourceId);
    if (!source) throw ApiError.notFound('Knowledge source not found.');
    return this.view(source, origin, { statusOnly: true });
  }

  async list(apiKeyId: string, { origin }: LinkOrigin) {
    const rows: SourceWithWinner[] = await this.dataSource.query(
      `${SOURCE_WITH_WINNER} WHERE s.api_key_id = $1 ORDER BY s.uploaded_at DESC, s.id DESC LIMIT $2`,
      [apiKeyId, LIST_LIMIT],
    );
    return rows.map((row) => this.view(row, origin, { statusOnly: false }));
  }

  async rules(apiKeyId: string, sourceId: string) {
    const source = await this.find(apiKeyId, sourceId);
    if (!source) throw ApiError.notFound('Knowledge source not found.');
    const rows: Array<{ id: string; content: string; category: string | null; index: number }> =
      await this.dataSource.query(
        'SELECT id, content, category, index FROM memory_knowledge_rule WHERE api_key_id = $1 AND source_id = $2 ORDER BY index',
        [apiKeyId, source.dedup_of ?? source.id],
      );
    return rows;
  }

  /** Velt: null (not an error) for an unknown, foreign, unfinished or markdown-less source; a duplicate's is its winner's. */
  async download(apiKeyId: string, sourceId: string): Promise<string | null> {
    const [row]: Array<{ canonical_md: string | null }> = await this.dataSource.query(
      `SELECT w.canonical_md FROM memory_knowledge_source s
         JOIN memory_knowledge_source w ON w.api_key_id = s.api_key_id AND w.id = COALESCE(s.dedup_of, s.id)
        WHERE s.api_key_id = $1 AND s.id = $2 AND w.status = 'completed'`,
      [apiKeyId, sourceId],
    );
    return row?.canonical_md ?? null;
  }

  /** Hard delete with its chunks and rules; refused (ABORTED) while processing or while duplicates point at it. */
  async delete(apiKeyId: string, sourceId: string) {
    return this.dataSource.transaction(async (manager) => {
      const [source]: Array<{ status: string; dedup_of: string | null; chunk_count: number; rule_count: number }> =
        await manager.query(
          'SELECT status, dedup_of, chunk_count, rule_count FROM memory_knowledge_source WHERE api_key_id = $1 AND id = $2 FOR UPDATE',
          [apiKeyId, sourceId],
        );
      if (!source) throw ApiError.notFound('Knowledge source not found.');
      if (source.status === 'processing' && source.dedup_of === null)
        throw new ApiError(
          ErrorCode.ABORTED,
          'The source is still processing; poll ingest-status until it is terminal.',
        );
      const [dependents]: Array<{ count: number }> = await manager.query(
        'SELECT count(*)::int AS count FROM memory_knowledge_source WHERE api_key_id = $1 AND dedup_of = $2',
        [apiKeyId, sourceId],
      );
      if (dependents.count > 0)
        throw new ApiError(
          ErrorCode.ABORTED,
          `${dependents.count} duplicate upload(s) point at this source (dependentCount: ${dependents.count}); delete them first.`,
        );
      await manager.query('DELETE FROM memory_knowledge_source WHERE api_key_id = $1 AND id = $2', [
        apiKeyId,
        sourceId,
      ]);
      const own = source.dedup_of === null;
      return {
        status: 'deleted',
        sourceId,
        deletedChunks: own ? source.chunk_count : 0,
        deletedRules: own ? source.rule_count : 0,
      };
    });
  }

  /** Replaces a rule-based source's content: rules re-extracted and re-embedded, version bumped; chunks stay. */
  async update(apiKeyId: string, dto: UpdateKnowledgeDto) {
    const source = await this.find(apiKeyId, dto.sourceId);
    if (!source) throw ApiError.notFound('Knowledge source not found.');
    if (source.dedup_of !== null || source.status !== 'completed' || !source.rule_based)
      throw new ApiError(ErrorCode.FAILED_PRECONDITION, NOT_RULE_BASED);
    const rules = extractRules(dto.newContent);
    const vectors = await this.embeddings.embed(
      apiKeyId,
      rules.map((rule) => rule.content),
    );
    return this.dataSource.transaction(async (manager) => {
      const before: Array<{ content: string }> = await manager.query(
        'SELECT content FROM memory_knowledge_rule WHERE api_key_id = $1 AND source_id = $2 ORDER BY index',
        [apiKeyId, source.id],
      );
      await manager.query('DELETE FROM memory_knowledge_rule WHERE api_key_id = $1 AND source_id = $2', [
        apiKeyId,
        source.id,
      ]);
      await insertRules(manager, apiKeyId, source.id, rules, vectors);
      const [[updated]]: [[{ version: number }], number] = await manager.query(
        `UPDATE memory_knowledge_source SET canonical_md = $3, version = version + 1, rule_count = $4, rule_based = $5, updated_at = $6
          WHERE api_key_id = $1 AND id = $2 RETURNING version`,
        [apiKeyId, source.id, dto.newContent, rules.length, isRuleBased(dto.newContent, rules), Date.now()],
      );
      return {
        diff: ruleDiff(
          before.map((rule) => rule.content),
          rules.map((rule) => rule.content),
        ),
        newVersion: updated.version,
      };
    });
  }

  /** The bytes or markdown a signed file link names; null when the link is bad or the source is gone. */
  async file(link: { sourceId: string; kind: string; expires: string; signature: string }) {
    const kind = link.kind as FileKind;
    if (!['original', 'canonical'].includes(kind)) return null;
    if (!verifyLink(this.config.pageTokenKey, fileLinkParts(link.sourceId, kind), link.expires, link.signature))
      return null;
    const [row]: Array<{
      original: Buffer | null;
      canonical_md: string | null;
      mime_type: string;
      file_name: string | null;
    }> = await this.dataSource.query(
      `SELECT w.original, w.canonical_md, s.mime_type, s.file_name FROM memory_knowledge_source s
           JOIN memory_knowledge_source w ON w.api_key_id = s.api_key_id AND w.id = COALESCE(s.dedup_of, s.id)
          WHERE s.id = $1 AND w.status = 'completed'`,
      [link.sourceId],
    );
    if (!row) return null;
    return kind === 'original'
      ? { body: row.original ?? Buffer.alloc(0), contentType: row.mime_type, fileName: row.file_name }
      : {
          body: Buffer.from(row.canonical_md ?? '', 'utf8'),
          contentType: 'text/markdown; charset=utf-8',
          fileName: null,
        };
  }

  private inlineFile(dto: IngestKnowledgeDto) {
    const file = dto.file!;
    if (!BASE64.test(file.base64)) throw ApiError.invalid('data.file.base64 must be base64.');
    const bytes = Buffer.from(file.base64, 'base64');
    if (bytes.length > INLINE_MAX_BYTES)
      throw ApiError.invalid('data.file.base64 decodes to more than 5 MB; use upload-url for larger files.');
    if (bytes.length === 0) throw ApiError.invalid('data.file.base64 must not be empty.');
    if (!bytesMatchType(bytes, file.mimeType as KnowledgeMimeType))
      throw ApiError.invalid(`data.file.mimeType ${file.mimeType} does not match the file's bytes.`);
    return { bytes, mimeType: file.mimeType, fileName: file.fileName };
  }

  /** Takes an upload's bytes once: its scope must match, and it must have been uploaded and not expired. */
  private async takeUpload(apiKeyId: string, dto: IngestKnowledgeDto) {
    const id = dto.fileRef!.startsWith(FILE_REF_PREFIX) ? dto.fileRef!.slice(FILE_REF_PREFIX.length) : '';
    return this.dataSource.transaction(async (manager) => {
      const [upload]: Array<{
        api_key_id: string;
        mime_type: string;
        file_name: string | null;
        organization_id: string | null;
        document_id: string | null;
        content: Buffer | null;
        expires_at: string;
        ingested_at: string | null;
      }> = await manager.query('SELECT * FROM memory_knowledge_upload WHERE id = $1 FOR UPDATE', [id]);
      if (!upload || upload.api_key_id !== apiKeyId)
        throw new ApiError(ErrorCode.PERMISSION_DENIED, 'data.fileRef belongs to no upload of this API key.');
      if (
        (upload.organization_id ?? undefined) !== dto.organizationId ||
        (upload.document_id ?? undefined) !== dto.documentId
      )
        throw new ApiError(
          ErrorCode.PERMISSION_DENIED,
          'organizationId and documentId must be those given to upload-url.',
        );
      if (upload.ingested_at !== null || upload.content === null || Number(upload.expires_at) < Date.now())
        throw new ApiError(
          ErrorCode.FAILED_PRECONDITION,
          'The upload was never completed, has expired, or was already ingested.',
        );
      if (upload.mime_type !== dto.mimeType)
        throw ApiError.invalid('data.mimeType must be the one given to upload-url.');
      if (!bytesMatchType(upload.content, upload.mime_type as KnowledgeMimeType))
        throw ApiError.invalid(`data.mimeType ${upload.mime_type} does not match the uploaded bytes.`);
      await manager.query('UPDATE memory_knowledge_upload SET ingested_at = $2, content = NULL WHERE id = $1', [
        id,
        Date.now(),
      ]);
      return { bytes: upload.content, mimeType: upload.mime_type, fileName: upload.file_name };
    });
  }

  private async find(apiKeyId: string, sourceId: string): Promise<SourceWithWinner | undefined> {
    const [row]: SourceWithWinner[] = await this.dataSource.query(
      `${SOURCE_WITH_WINNER} WHERE s.api_key_id = $1 AND s.id = $2`,
      [apiKeyId, sourceId],
    );
    return row;
  }

  /** Velt's ingest-status (statusOnly) or list item; a duplicate reports its winner's state and links. */
  private view(row: SourceWithWinner, origin: string, { statusOnly }: { statusOnly: boolean }) {
    const state = row.winner ?? row;
    const completed = state.status === 'completed';
    const expires = Date.now() + LINK_TTL_MS;
    const key = this.config.pageTokenKey;
    const links = completed
      ? {
          originalDownloadUrl: fileLink(key, origin, row.id, 'original', expires),
          canonicalMdDownloadUrl: fileLink(key, origin, row.id, 'canonical', expires),
        }
      : {};
    const counts = completed ? { extractedRulesCount: state.rule_count, chunkCount: state.chunk_count } : {};
    const common = {
      mimeType: row.mime_type,
      ...(row.dedup_of ? { dedupOf: row.dedup_of } : {}),
      ...(state.status === 'failed' ? { failureReason: state.failure_reason } : {}),
    };
    if (statusOnly)
      return {
        status: state.status,
        sourceId: row.id,
        startedAt: Number(row.uploaded_at),
        updatedAt: Number(state.updated_at),
        ...common,
        ...counts,
        ...links,
      };
    return {
      id: row.id,
      sourceType: row.source_type,
      fileName: row.file_name,
      uploadedAt: Number(row.uploaded_at),
      updatedAt: Number(state.updated_at),
      organizationId: row.organization_id,
      documentId: row.document_id,
      fileSize: row.file_size,
      sha256: row.sha256,
      version: row.version,
      ruleCount: state.rule_count,
      chunkCount: state.chunk_count,
      embeddingStatus: state.status,
      ...common,
      ...links,
    };
  }
}

/** Inserts a source's rules with their embeddings, in their order. */
export async function insertRules(
  manager: { query: (sql: string, params: unknown[]) => Promise<unknown> },
  apiKeyId: string,
  sourceId: string,
  rules: ReadonlyArray<{ content: string; category: string | null; index: number }>,
  vectors: ReadonlyArray<{ embedding: number[]; sketch: string }>,
): Promise<void> {
  if (rules.length === 0) return;
  await manager.query(
    `INSERT INTO memory_knowledge_rule (api_key_id, id, source_id, index, content, category, embedding, sketch)
     SELECT $1, v.id, $2, v.index, v.content, v.category, ARRAY(SELECT jsonb_array_elements_text(v.embedding)::real), v.sketch::varbit
       FROM jsonb_to_recordset($3::jsonb) AS v(id text, index int, content text, category text, embedding jsonb, sketch text)`,
    [
      apiKeyId,
      sourceId,
      JSON.stringify(
        rules.map((rule, i) => ({
          id: `rule_${newId()}`,
          index: rule.index,
          content: rule.content,
          category: rule.category,
          embedding: vectors[i].embedding,
          sketch: vectors[i].sketch,
        })),
      ),
    ],
  );
}
