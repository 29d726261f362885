import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, MoreThan } from 'typeorm';
import { ApiError, AppConfig, encryptSecret, ErrorCode, newId } from '@app/common';
import { postgresErrorCode, UNIQUE_VIOLATION } from '@app/database';
import { EventOutbox } from '@app/events';
import { DispatchExecutionDto, GetExecutionEventsDto, ListExecutionsDto } from './dto/execution.dto';
import { WorkflowDefinition } from './entities/workflow-definition.entity';
import { WorkflowEvent } from './entities/workflow-event.entity';
import { WorkflowExecution } from './entities/workflow-execution.entity';
import { WorkflowStep } from './entities/workflow-step.entity';
import { compileDefinition } from './graph';
import { checkOutboundUrl } from './receiver-url';
import { cancelExecution } from './routing';
import { Transition } from './transition';
import { WorkflowTransitions } from './workflow-transitions.service';
import { WorkflowProducer } from './workflow.producer';
import { row } from './row';

const DEFAULT_LIST_SIZE = 50;
const DEFAULT_EVENTS_SIZE = 100;

function randomTail(length: number): string {
  return newId(length)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '0');
}

export function stepView(step: WorkflowStep) {
  return {
    stepId: step.stepId,
    nodeId: step.nodeId,
    nodeType: step.nodeType,
    status: step.status,
    groupId: step.groupId,
    startedAt: step.startedAt === null ? null : Number(step.startedAt),
    completedAt: step.completedAt === null ? null : Number(step.completedAt),
    output: step.output,
    error: step.error,
  };
}

function executionView(execution: WorkflowExecution, steps: WorkflowStep[]) {
  return {
    executionId: execution.executionId,
    status: execution.status,
    startedAt: Number(execution.startedAt),
    completedAt: execution.completedAt === null ? null : Number(execution.completedAt),
    cancelledAt: execution.cancelledAt === null ? null : Number(execution.cancelledAt),
    definitionId: execution.definitionId,
    definitionVersion: execution.definitionVersion,
    correlationId: execution.correlationId,
    idempotencyKey: execution.idempotencyKey,
    failureReason: execution.failureReason,
    steps: steps.map(stepView),
  };
}

/** Executions: dispatch (idempotent per key), reads, cancel and the event stream. */
@Injectable()
export class ExecutionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly outbox: EventOutbox,
    private readonly producer: WorkflowProducer,
    private readonly transitions: WorkflowTransitions,
  ) {}

  async dispatch(apiKeyId: string, dto: DispatchExecutionDto) {
    if ((dto.webhookUrl === undefined) !== (dto.webhookSecret === undefined))
      throw ApiError.invalid('webhookUrl and webhookSecret must be provided together');
    if (dto.webhookUrl) await checkOutboundUrl(dto.webhookUrl, 'webhookUrl', this.config.webhookAllowPrivateNetworks);
    if (dto.idempotencyKey) {
      const replay = await this.replayOf(this.dataSource.manager, apiKeyId, dto.idempotencyKey);
      if (replay) return replay;
    }
    const definition = await this.dataSource
      .getRepository(WorkflowDefinition)
      .findOne({ where: { apiKeyId, definitionId: dto.definitionId } });
    if (!definition) throw ApiError.notFound('Definition not found.');
    if (definition.status !== 'active')
      throw new ApiError(ErrorCode.FAILED_PRECONDITION, 'The definition is deleted and cannot be dispatched.');
    const { graph } = compileDefinition(definition.content);
    if (graph.roots.length === 0)
      throw new ApiError(ErrorCode.FAILED_PRECONDITION, 'The definition has no root nodes.');
    const now = Date.now();
    const receiver = dto.webhookUrl
      ? {
          url: dto.webhookUrl,
          secretCiphertext: encryptSecret(dto.webhookSecret!, this.config.encryptionKey),
          eventTypes: null,
        }
      : definition.content.webhookConfig
        ? { ...definition.content.webhookConfig, eventTypes: definition.content.webhookConfig.eventTypes ?? null }
        : null;
    const execution: WorkflowExecution = {
      executionId: `exec_${now}_${randomTail(8)}`,
      apiKeyId,
      definitionId: definition.definitionId,
      definitionVersion: definition.version,
      status: 'running',
      correlationId: dto.correlationId ?? `corr_${randomTail(16)}`,
      idempotencyKey: dto.idempotencyKey ?? null,
      triggerContext: dto.triggerContext ?? {},
      organizationId: dto.organizationId ?? null,
      documentId: dto.documentId ?? null,
      folderId: dto.folderId ?? null,
      webhookUrl: receiver?.url ?? null,
      webhookSecretCiphertext: receiver?.secretCiphertext ?? null,
      webhookEventTypes: receiver?.eventTypes ?? null,
      graph,
      state: { loops: {}, groups: {} },
      lastSeq: 0,
      startedAt: String(now),
      completedAt: null,
      cancelledAt: null,
      failureReason: null,
    };
    let opened: Transition | null = null;
    try {
      await this.outbox.transaction(apiKeyId, async (manager, emit) => {
        await manager.insert(WorkflowExecution, row(execution));
        const transition = await Transition.of(manager, emit, execution);
        opened = transition;
        const rootStepIds: string[] = [];
        for (const root of graph.roots) {
          const stepId = `step_${root}_${now}_${randomTail(6)}`;
          await transition.createStep(root, stepId, {}, 0);
          rootStepIds.push(stepId);
        }
        await transition.event('execution.dispatched', null, {
          definitionId: execution.definitionId,
          definitionVersion: execution.definitionVersion,
          rootStepIds,
        });
        await transition.save();
      });
    } catch (error) {
      // A concurrent dispatch with the same key won the insert: answer with its execution.
      if (postgresErrorCode(error) === UNIQUE_VIOLATION && dto.idempotencyKey) {
        const replay = await this.replayOf(this.dataSource.manager, apiKeyId, dto.idempotencyKey);
        if (replay) return replay;
      }
      throw error;
    }
    if (opened) await this.producer.enqueue((opened as Transition).wakeups);
    return { executionId: execution.executionId, correlationId: execution.correlationId, deduplicated: false };
  }

  private async replayOf(manager: EntityManager, apiKeyId: string, idempotencyKey: string) {
    const prior = await manager.findOne(WorkflowExecution, {
      where: { apiKeyId, idempotencyKey },
      select: { executionId: true, correlationId: true },
    });
    return prior ? { executionId: prior.executionId, correlationId: prior.correlationId, deduplicated: true } : null;
  }

  async get(apiKeyId: string, executionId: string) {
    const execution = await this.find(apiKeyId, executionId);
    const steps = await this.dataSource.getRepository(WorkflowStep).find({
      where: { executionId },
      order: { createdAt: 'ASC', stepId: 'ASC' },
    });
    return executionView(execution, steps);
  }

  async list(apiKeyId: string, dto: ListExecutionsDto) {
    const pageSize = dto.pageSize ?? DEFAULT_LIST_SIZE;
    const query = this.dataSource
      .getRepository(WorkflowExecution)
      .createQueryBuilder('e')
      .where('e.apiKeyId = :apiKeyId', { apiKeyId })
      .orderBy('e.startedAt', 'DESC')
      .addOrderBy('e.executionId', 'DESC')
      .take(pageSize);
    if (dto.definitionId) query.andWhere('e.definitionId = :definitionId', { definitionId: dto.definitionId });
    if (dto.status) query.andWhere('e.status = :status', { status: dto.status });
    if (dto.cursor) {
      // Velt's cursor is the last startedAt; ours adds the execution id so runs started in the same ms are not skipped.
      const [startedAt, executionId] = dto.cursor.split(/_(.*)/s);
      if (executionId)
        query.andWhere('(e.startedAt, e.executionId) < (:startedAt, :executionId)', { startedAt, executionId });
      else query.andWhere('e.startedAt < :startedAt', { startedAt });
    }
    const rows = await query.getMany();
    const last = rows[rows.length - 1];
    return {
      items: rows.map((row) => executionView(row, [])),
      nextCursor: rows.length === pageSize ? `${last.startedAt}_${last.executionId}` : null,
    };
  }

  async cancel(apiKeyId: string, executionId: string, reason: string | null) {
    const cancelled = await this.transitions.run(apiKeyId, executionId, (transition) =>
      cancelExecution(transition, reason),
    );
    return { cancelled, executionId };
  }

  async events(apiKeyId: string, dto: GetExecutionEventsDto) {
    await this.find(apiKeyId, dto.executionId);
    const pageSize = dto.pageSize ?? DEFAULT_EVENTS_SIZE;
    const sinceSeq = dto.sinceSeq ?? 0;
    const rows = await this.dataSource.getRepository(WorkflowEvent).find({
      where: { executionId: dto.executionId, seq: MoreThan(sinceSeq) },
      order: { seq: 'ASC' },
      take: pageSize + 1,
    });
    const page = rows.slice(0, pageSize);
    const execution = await this.find(apiKeyId, dto.executionId);
    return {
      executionId: dto.executionId,
      events: page.map((row) => ({
        eventId: row.eventId,
        seq: row.seq,
        type: row.type,
        stepId: row.stepId,
        timestamp: Number(row.timestamp),
        correlationId: execution.correlationId,
        ...(row.data ? { data: row.data } : {}),
      })),
      nextCursor: page.length > 0 ? page[page.length - 1].seq : sinceSeq,
      hasMore: rows.length > pageSize,
    };
  }

  private async find(apiKeyId: string, executionId: string): Promise<WorkflowExecution> {
    const execution = await this.dataSource
      .getRepository(WorkflowExecution)
      .findOne({ where: { apiKeyId, executionId } });
    if (!execution) throw ApiError.notFound('Execution not found.');
    return execution;
  }
}
