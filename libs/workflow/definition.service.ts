import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { ApiError, AppConfig, encryptSecret, ErrorCode } from '@app/common';
import { CreateDefinitionDto, ListDefinitionsDto, UpdateDefinitionDto } from './dto/definition.dto';
import { WorkflowDefinitionVersion } from './entities/workflow-definition-version.entity';
import { WorkflowDefinition } from './entities/workflow-definition.entity';
import { WorkflowExecution } from './entities/workflow-execution.entity';
import { compileDefinition, DefinitionContent, EdgeDef, Scope } from './graph';
import { checkNodeConfigs } from './node-config';
import { checkOutboundUrl } from './receiver-url';
import { row as asRow } from './row';

const DEFAULT_PAGE_SIZE = 50;

/** Velt's DefinitionView: every optional field that was never set reads as null. */
export function definitionView(row: WorkflowDefinition) {
  const { content } = row;
  return {
    definitionId: row.definitionId,
    name: content.name,
    description: content.description ?? null,
    version: row.version,
    scope: {
      level: content.scope.level,
      organizationId: content.scope.organizationId ?? null,
      documentId: content.scope.documentId ?? null,
    },
    nodes: content.nodes,
    edges: content.edges,
    groups: content.groups ?? null,
    compiled: row.compiled,
    triggers: content.triggers ?? null,
    tags: content.tags ?? null,
    custom: content.custom ?? null,
    createdAt: Number(row.createdAt),
    updatedAt: Number(row.updatedAt),
    status: row.status,
  };
}

/** Definitions: validated and compiled at write time, versioned, soft-deleted unless purged. */
@Injectable()
export class DefinitionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async create(apiKeyId: string, dto: CreateDefinitionDto) {
    const { content, compiled } = await this.prepare(dto);
    const now = String(Date.now());
    return this.dataSource.transaction(async (manager) => {
      const existing = await manager.findOne(WorkflowDefinition, {
        where: { apiKeyId, definitionId: dto.definitionId },
        lock: { mode: 'pessimistic_write' },
      });
      if (existing?.status === 'active')
        throw new ApiError(ErrorCode.ALREADY_EXISTS, `Definition ${dto.definitionId} already exists.`);
      if (existing) {
        // A tombstoned id is free again and starts over at version 1.
        await manager.delete(WorkflowDefinitionVersion, { apiKeyId, definitionId: dto.definitionId });
        await manager.delete(WorkflowDefinition, { apiKeyId, definitionId: dto.definitionId });
      }
      const definition: WorkflowDefinition = {
        apiKeyId,
        definitionId: dto.definitionId,
        version: 1,
        status: 'active',
        content,
        compiled,
        createdAt: now,
        updatedAt: now,
      };
      await manager.insert(WorkflowDefinition, asRow(definition));
      await this.snapshot(manager, definition);
      return definitionView(definition);
    });
  }

  async update(apiKeyId: string, dto: UpdateDefinitionDto) {
    const { content, compiled } = await this.prepare(dto);
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(WorkflowDefinition, {
        where: { apiKeyId, definitionId: dto.definitionId, status: 'active' },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) throw ApiError.notFound('Definition not found.');
      if (row.version !== dto.ifVersion)
        throw new ApiError(
          ErrorCode.FAILED_PRECONDITION,
          `Version conflict: expected ${dto.ifVersion}, current ${row.version}`,
        );
      Object.assign(row, { version: row.version + 1, content, compiled, updatedAt: String(Date.now()) });
      await manager.update(
        WorkflowDefinition,
        { apiKeyId, definitionId: dto.definitionId },
        asRow<WorkflowDefinition>({ version: row.version, content, compiled, updatedAt: row.updatedAt }),
      );
      await this.snapshot(manager, row);
      return definitionView(row);
    });
  }

  async get(apiKeyId: string, definitionId: string) {
    const row = await this.dataSource
      .getRepository(WorkflowDefinition)
      .findOne({ where: { apiKeyId, definitionId, status: 'active' } });
    if (!row) throw ApiError.notFound('Definition not found.');
    return definitionView(row);
  }

  async list(apiKeyId: string, dto: ListDefinitionsDto) {
    const pageSize = dto.pageSize ?? DEFAULT_PAGE_SIZE;
    const query = this.dataSource
      .getRepository(WorkflowDefinition)
      .createQueryBuilder('d')
      .where('d.apiKeyId = :apiKeyId AND d.status = :status', { apiKeyId, status: 'active' })
      .orderBy('d.updatedAt', 'DESC')
      .addOrderBy('d.definitionId', 'ASC')
      .take(pageSize);
    if (dto.cursor !== undefined) query.andWhere('d.updatedAt < :cursor', { cursor: String(dto.cursor) });
    const rows = await query.getMany();
    return {
      items: rows.map(definitionView),
      nextCursor: rows.length === pageSize ? Number(rows[rows.length - 1].updatedAt) : null,
    };
  }

  async delete(apiKeyId: string, definitionId: string, purge: boolean) {
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(WorkflowDefinition, {
        where: { apiKeyId, definitionId, status: 'active' },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) throw ApiError.notFound('Definition not found.');
      const inFlight = await manager.exists(WorkflowExecution, {
        where: { apiKeyId, definitionId, status: In(['pending', 'running']) },
      });
      if (inFlight) throw new ApiError(ErrorCode.FAILED_PRECONDITION, 'The definition has in-flight executions.');
      if (purge) {
        await manager.delete(WorkflowDefinitionVersion, { apiKeyId, definitionId });
        await manager.delete(WorkflowDefinition, { apiKeyId, definitionId });
      } else {
        await manager.update(
          WorkflowDefinition,
          { apiKeyId, definitionId },
          { status: 'tombstoned', updatedAt: String(Date.now()) },
        );
      }
      return { deleted: true, purged: purge, definitionId };
    });
  }

  private async snapshot(manager: EntityManager, row: WorkflowDefinition): Promise<void> {
    await manager.insert(
      WorkflowDefinitionVersion,
      asRow<WorkflowDefinitionVersion>({
        apiKeyId: row.apiKeyId,
        definitionId: row.definitionId,
        version: row.version,
        content: row.content,
        compiled: row.compiled,
        createdAt: row.updatedAt,
      }),
    );
  }

  /** Schema rules the DTO cannot say, the node configs, the graph, and the outbound URLs. */
  private async prepare(dto: CreateDefinitionDto) {
    if (dto.triggers && dto.triggers.length > 0)
      throw new ApiError(
        ErrorCode.FAILED_PRECONDITION,
        'Workflow triggers (inboundWebhook, schedule, appTrigger) are not served here; start runs with /v2/workflow/executions/dispatch.',
      );
    const level = dto.scope?.level ?? 'apiKey';
    const organizationId = dto.scope?.organizationId ?? dto.organizationId;
    const documentId = dto.scope?.documentId ?? dto.documentId;
    if (level !== 'apiKey' && !organizationId)
      throw ApiError.invalid(`scope.organizationId is required when scope.level is ${level}.`);
    if (level === 'document' && !documentId)
      throw ApiError.invalid('scope.documentId is required when scope.level is document.');
    const scope: Scope = {
      level,
      ...(level !== 'apiKey' ? { organizationId } : {}),
      ...(level === 'document' ? { documentId } : {}),
    };
    checkNodeConfigs(dto.nodes);
    const allowPrivate = this.config.webhookAllowPrivateNetworks;
    for (const [index, node] of dto.nodes.entries()) {
      if (node.type === 'webhook')
        await checkOutboundUrl(node.config.url as string, `data.nodes[${index}].config.url`, allowPrivate);
    }
    if (dto.webhookConfig) await checkOutboundUrl(dto.webhookConfig.url, 'webhookConfig.url', allowPrivate);
    const content: DefinitionContent = {
      name: dto.name,
      ...(dto.description !== undefined ? { description: dto.description } : {}),
      scope,
      nodes: dto.nodes.map((node) => ({ ...node })),
      edges: dto.edges.map((edge) => ({ ...edge, ...(edge.loop ? { loop: { ...edge.loop } } : {}) }) as EdgeDef),
      ...(dto.groups ? { groups: dto.groups.map((group) => ({ ...group })) } : {}),
      ...(dto.webhookConfig
        ? {
            webhookConfig: {
              url: dto.webhookConfig.url,
              secretCiphertext: encryptSecret(dto.webhookConfig.secret, this.config.encryptionKey),
              ...(dto.webhookConfig.eventTypes ? { eventTypes: dto.webhookConfig.eventTypes } : {}),
            },
          }
        : {}),
      ...(dto.tags ? { tags: dto.tags } : {}),
      ...(dto.custom ? { custom: dto.custom } : {}),
    };
    const { compiled } = compileDefinition(content);
    return { content, compiled };
  }
}
