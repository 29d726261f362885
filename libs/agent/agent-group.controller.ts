import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok, requireNoFields } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AgentGroupService } from './agent-group.service';
import { CreateGroupDto, GroupMembersDto, GroupRefDto, UpdateGroupDto } from './dto/group.dto';

/** Velt's agent groups. */
@ApiTags('agents')
@ApiKeyAuth()
@Controller()
export class AgentGroupController {
  constructor(private readonly groups: AgentGroupService) {}

  @RpcPost('/v2/agents/groups/create')
  async create(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CreateGroupDto) {
    return ok('Agent group created successfully', { group: await this.groups.create(key.apiKeyId, dto) });
  }

  @RpcPost('/v2/agents/groups/get')
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GroupRefDto) {
    return ok('Agent group fetched successfully', { group: await this.groups.get(key.apiKeyId, dto.groupId) });
  }

  @RpcPost('/v2/agents/groups/list')
  async list(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Agent groups listed successfully', { groups: await this.groups.list(key.apiKeyId) });
  }

  @RpcPost('/v2/agents/groups/update')
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateGroupDto) {
    return ok('Agent group updated successfully', { group: await this.groups.update(key.apiKeyId, dto) });
  }

  @RpcPost('/v2/agents/groups/delete')
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GroupRefDto) {
    await this.groups.delete(key.apiKeyId, dto.groupId);
    return ok('Agent group deleted successfully', { groupId: dto.groupId });
  }

  @RpcPost('/v2/agents/groups/add-agents')
  async addAgents(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GroupMembersDto) {
    return ok('Agents added to group successfully', { group: await this.groups.addAgents(key.apiKeyId, dto) });
  }

  @RpcPost('/v2/agents/groups/remove-agents')
  async removeAgents(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GroupMembersDto) {
    return ok('Agents removed from group successfully', { group: await this.groups.removeAgents(key.apiKeyId, dto) });
  }
}
