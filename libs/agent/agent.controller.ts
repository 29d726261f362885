import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AgentExecutionService } from './agent-execution.service';
import { AgentService } from './agent.service';
import {
  AgentRefDto,
  AnalyticsDto,
  CreateAgentDto,
  GetAgentsDto,
  UpdateAgentDto,
  UpdateAgentVersionDto,
} from './dto/agent.dto';

/** Velt's agents: definitions, versions and analytics (docs/ai.md). */
@ApiTags('agents')
@ApiKeyAuth()
@Controller()
export class AgentController {
  constructor(
    private readonly agents: AgentService,
    private readonly executions: AgentExecutionService,
  ) {}

  @RpcPost('/v2/agents/create')
  @ApiOperation({
    description:
      'Stores the agent at version 1 and classifies it into a system group (copy-qa, seo, design-checks, performance, brand-checks) by ' +
      'keywords. Secrets in `auth` blocks are stored encrypted and read back as `"__redacted__"`.',
  })
  async create(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CreateAgentDto) {
    return ok('Agent created successfully', await this.agents.create(key.apiKeyId, dto));
  }

  @RpcPost('/v2/agents/get')
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetAgentsDto) {
    if (dto.agentId !== undefined) {
      return ok('Agent fetched successfully', { agent: await this.agents.getOne(key.apiKeyId, dto.agentId) });
    }
    return ok('Agents fetched successfully', { agents: await this.agents.list(key.apiKeyId, dto) });
  }

  @RpcPost('/v2/agents/update')
  @ApiOperation({ description: 'Ours: an unknown agent is NOT_FOUND (Velt answers INTERNAL).' })
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateAgentDto) {
    await this.agents.update(key.apiKeyId, dto);
    return ok('Agent updated successfully', { agentId: dto.agentId });
  }

  @RpcPost('/v2/agents/delete')
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AgentRefDto) {
    await this.agents.delete(key.apiKeyId, dto.agentId);
    return ok('Agent deleted successfully', { agentId: dto.agentId });
  }

  @RpcPost('/v2/agents/version/update')
  async updateVersion(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateAgentVersionDto) {
    return ok('Agent version created successfully', await this.agents.updateVersion(key.apiKeyId, dto));
  }

  @RpcPost('/v2/agents/versions/list')
  async versions(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AgentRefDto) {
    return ok('Versions listed successfully', { versions: await this.agents.versions(key.apiKeyId, dto.agentId) });
  }

  @RpcPost('/v2/agents/versions/restore')
  async restore(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AgentRefDto) {
    return ok('Version restored successfully', await this.agents.restore(key.apiKeyId, dto.agentId));
  }

  @RpcPost('/v2/agents/analytics/get')
  @ApiOperation({
    description: "Token usage as each run counted it (the model's own counts), by year, month and model.",
  })
  async analytics(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AnalyticsDto) {
    return ok('Analytics fetched successfully', await this.executions.analytics(key.apiKeyId, dto));
  }
}
