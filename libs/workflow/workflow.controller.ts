import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok, requireNoFields } from '@app/common';
import { Data, RpcPost } from '@app/http';
import {
  CreateDefinitionDto,
  DeleteDefinitionDto,
  GetDefinitionDto,
  ListDefinitionsDto,
  UpdateDefinitionDto,
} from './dto/definition.dto';
import {
  CancelExecutionDto,
  DispatchExecutionDto,
  ExecutionRefDto,
  GetExecutionEventsDto,
  ListExecutionsDto,
} from './dto/execution.dto';
import { UpdateAgentEndpointDto } from './dto/agent-endpoint.dto';
import { CancelStepDto, RecordAgentResolutionDto, RecordReviewerDecisionDto, ResolveStepDto } from './dto/step.dto';
import { AgentEndpointService } from './agent-endpoint.service';
import { DefinitionService } from './definition.service';
import { ExecutionService } from './execution.service';
import { StepService } from './step.service';

/** Velt's approval engine (Review Workflow Builder) routes, under `/v2/workflow` as Velt's pages give them. */
@ApiTags('workflows')
@ApiKeyAuth()
@Controller()
export class WorkflowController {
  constructor(
    private readonly definitions: DefinitionService,
    private readonly executions: ExecutionService,
    private readonly steps: StepService,
    private readonly agentEndpoint: AgentEndpointService,
  ) {}

  @RpcPost('/v2/workflow/definitions/create')
  @ApiOperation({
    description:
      'Validates the graph at write time (schema, edge contracts, linter; the message names the rule) and stores version 1. ' +
      'Triggers are not served: a definition declaring any is refused with FAILED_PRECONDITION.',
  })
  async createDefinition(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CreateDefinitionDto) {
    return ok('Definition created successfully.', await this.definitions.create(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/definitions/get')
  async getDefinition(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetDefinitionDto) {
    return ok('Definition retrieved successfully.', await this.definitions.get(key.apiKeyId, dto.definitionId));
  }

  @RpcPost('/v2/workflow/definitions/list')
  @ApiOperation({ description: 'Active definitions, newest updatedAt first; nextCursor is null on the last page.' })
  async listDefinitions(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ListDefinitionsDto) {
    return ok('Definitions retrieved successfully.', await this.definitions.list(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/definitions/update')
  @ApiOperation({
    description: 'Replaces the definition (not a patch) when ifVersion matches, and increments its version.',
  })
  async updateDefinition(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateDefinitionDto) {
    return ok('Definition updated successfully.', await this.definitions.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/definitions/delete')
  @ApiOperation({ description: 'Soft delete (tombstone) unless purge; refused while executions are in flight.' })
  async deleteDefinition(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteDefinitionDto) {
    return ok(
      'Definition deleted successfully.',
      await this.definitions.delete(key.apiKeyId, dto.definitionId, dto.purge ?? false),
    );
  }

  @RpcPost('/v2/workflow/executions/dispatch')
  @ApiOperation({
    description:
      'Starts a run on the definition’s current version; a replayed idempotencyKey returns the first run with deduplicated: true.',
  })
  async dispatch(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DispatchExecutionDto) {
    return ok('Execution dispatched successfully.', await this.executions.dispatch(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/executions/get')
  async getExecution(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ExecutionRefDto) {
    return ok('Execution retrieved successfully.', await this.executions.get(key.apiKeyId, dto.executionId));
  }

  @RpcPost('/v2/workflow/executions/list')
  @ApiOperation({ description: 'Newest first, steps: [] on every item; nextCursor is null on the last page.' })
  async listExecutions(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ListExecutionsDto) {
    return ok('Executions retrieved successfully.', await this.executions.list(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/executions/cancel')
  @ApiOperation({ description: 'Cancels every pending step; cancelled is false when the run had already ended.' })
  async cancelExecution(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CancelExecutionDto) {
    return ok(
      'Execution cancel processed successfully.',
      await this.executions.cancel(key.apiKeyId, dto.executionId, dto.reason ?? null),
    );
  }

  @RpcPost('/v2/workflow/executions/getEvents')
  @ApiOperation({
    description: 'Events with seq > sinceSeq in order; seq has no gaps here, as every event type is external.',
  })
  async getEvents(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetExecutionEventsDto) {
    return ok('Execution events retrieved successfully.', await this.executions.events(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/steps/recordReviewerDecision')
  async recordReviewerDecision(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RecordReviewerDecisionDto) {
    return ok('Reviewer decision processed successfully.', await this.steps.recordReviewerDecision(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/steps/recordAgentResolution')
  async recordAgentResolution(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RecordAgentResolutionDto) {
    return ok('Agent resolution processed successfully.', await this.steps.recordAgentResolution(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/steps/resolve')
  @ApiOperation({
    description:
      'Operator overrides (force-*) and reviewer actions (reviewer-*, actorId must be a reviewer); also how an async webhook step is called back.',
  })
  async resolveStep(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ResolveStepDto) {
    return ok('Step resolved successfully.', await this.steps.resolve(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/steps/cancel')
  async cancelStep(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CancelStepDto) {
    return ok('Step cancelled successfully.', await this.steps.cancel(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/agentendpoint/update')
  @ApiOperation({
    description:
      'Not Velt\'s: the API key\'s HTTP agent endpoint, which agent steps call (docs/review-workflows.md "Our agent contract"). ' +
      '`url: null` removes it. The secret signs each call (x-svc-signature) and is never returned.',
  })
  async updateAgentEndpoint(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateAgentEndpointDto) {
    return ok('Agent endpoint updated successfully.', await this.agentEndpoint.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/workflow/agentendpoint/get')
  @ApiOperation({
    description: "Not Velt's: the API key's HTTP agent endpoint; `secretSet` says whether a secret is stored.",
  })
  async getAgentEndpoint(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Agent endpoint retrieved successfully.', await this.agentEndpoint.get(key.apiKeyId));
  }
}
