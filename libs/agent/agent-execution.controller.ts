import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AgentExecutionService } from './agent-execution.service';
import { CountExecutionsDto, GetExecutionDto, ListExecutionsDto, RunExecutionDto } from './dto/execution.dto';

/** Velt's agent executions: asynchronous runs on the worker (docs/ai.md "Runs"). */
@ApiTags('agents')
@ApiKeyAuth()
@Controller()
export class AgentExecutionController {
  constructor(private readonly executions: AgentExecutionService) {}

  @RpcPost('/v2/agents/execution/run')
  @ApiOperation({
    description:
      'Answers at once with the execution id; a worker gathers each page (web-page-text, web-page-html, web-page-links, robots-txt), asks ' +
      'the model for findings and writes them as comment annotations. `aiConfig.model` names the model of this run (any name).',
  })
  async run(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RunExecutionDto) {
    return ok('Agent execution created successfully', await this.executions.run(key.apiKeyId, dto));
  }

  @RpcPost('/v2/agents/execution/get')
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetExecutionDto) {
    return ok(
      'Execution fetched successfully',
      await this.executions.get(key.apiKeyId, dto.executionId, dto.includeResults === true),
    );
  }

  @RpcPost('/v2/agents/execution/list')
  async list(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ListExecutionsDto) {
    return ok('Executions listed successfully', await this.executions.list(key.apiKeyId, dto));
  }

  @RpcPost('/v2/agents/execution/count')
  async count(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CountExecutionsDto) {
    return ok('Execution count fetched successfully', await this.executions.count(key.apiKeyId, dto));
  }
}
