import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, ErrorCode, newId } from '@app/common';
import { builtInAgent, SYSTEM_GROUPS, SystemGroupId } from './built-in-agents';
import { CreateGroupDto, GroupMembersDto, MAX_GROUP_AGENTS, UpdateGroupDto } from './dto/group.dto';
import { AgentGroup } from './entities/agent-group.entity';

/** Velt: at most 50 groups an API key, system groups included. */
export const MAX_GROUPS = 50;

export type GroupView = Record<string, unknown> & { id: string };

const NOT_FOUND = (groupId: string) => ApiError.notFound(`Agent group not found: ${groupId}`);

function view(group: AgentGroup, members: 'ids' | 'count'): GroupView {
  return {
    id: group.groupId,
    name: group.name,
    ...(group.description !== null ? { description: group.description } : {}),
    ...(members === 'ids' ? { agentIds: group.agentIds } : { agentCount: group.agentIds.length }),
    metadata: group.metadata,
    ...(group.system ? { system: true } : {}),
    createdAt: Number(group.createdAt),
    updatedAt: Number(group.updatedAt),
  };
}

const unique = (ids: string[]) => [...new Set(ids)];

/** Velt's agent groups, and the system groups agents are classified into on create. */
@Injectable()
export class AgentGroupService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(apiKeyId: string, dto: CreateGroupDto): Promise<GroupView> {
    return this.dataSource.transaction(async (manager) => {
      await this.lockKey(manager, apiKeyId);
      await this.checkRoom(manager, apiKeyId);
      const agentIds = unique(dto.agentIds ?? []);
      await this.checkAgents(manager, apiKeyId, agentIds);
      const now = String(Date.now());
      const group = manager.create(AgentGroup, {
        apiKeyId,
        groupId: newId(),
        name: dto.name,
        description: dto.description ?? null,
        agentIds,
        metadata: { ...dto.metadata, apiKey: apiKeyId },
        system: false,
        createdAt: now,
        updatedAt: now,
      });
      await manager.save(AgentGroup, group);
      return view(group, 'ids');
    });
  }

  async get(apiKeyId: string, groupId: string): Promise<GroupView> {
    const group = await this.dataSource.getRepository(AgentGroup).findOne({ where: { apiKeyId, groupId } });
    if (!group) throw NOT_FOUND(groupId);
    return view(group, 'ids');
  }

  async list(apiKeyId: string): Promise<GroupView[]> {
    const groups = await this.dataSource
      .getRepository(AgentGroup)
      .find({ where: { apiKeyId }, order: { createdAt: 'ASC', groupId: 'ASC' } });
    return groups.map((group) => view(group, 'count'));
  }

  async update(apiKeyId: string, dto: UpdateGroupDto): Promise<GroupView> {
    if (dto.name === undefined && dto.description === undefined) {
      throw ApiError.invalid('name or description is required');
    }
    return this.change(apiKeyId, dto.groupId, () => ({
      ...(dto.name !== undefined ? { name: dto.name } : {}),
      ...(dto.description !== undefined ? { description: dto.description } : {}),
    }));
  }

  async delete(apiKeyId: string, groupId: string): Promise<void> {
    const result = await this.dataSource.getRepository(AgentGroup).delete({ apiKeyId, groupId });
    if (!result.affected) throw NOT_FOUND(groupId);
  }

  async addAgents(apiKeyId: string, dto: GroupMembersDto): Promise<GroupView> {
    return this.change(apiKeyId, dto.groupId, async (group, manager) => {
      const added = unique(dto.agentIds).filter((id) => !group.agentIds.includes(id));
      await this.checkAgents(manager, apiKeyId, added);
      const agentIds = [...group.agentIds, ...added];
      if (agentIds.length > MAX_GROUP_AGENTS) {
        throw new ApiError(ErrorCode.RESOURCE_EXHAUSTED, `A group holds at most ${MAX_GROUP_AGENTS} agents.`);
      }
      return { agentIds };
    });
  }

  async removeAgents(apiKeyId: string, dto: GroupMembersDto): Promise<GroupView> {
    return this.change(apiKeyId, dto.groupId, (group) => ({
      agentIds: group.agentIds.filter((id) => !dto.agentIds.includes(id)),
    }));
  }

  /**
   * Adds a new agent to its system group, provisioning the group (at its fixed id, with its default
   * name) when missing; a full group, or a key at its group limit, leaves the agent unclassified.
   */
  async classifyInto(manager: EntityManager, apiKeyId: string, groupId: SystemGroupId, agentId: string): Promise<void> {
    await this.lockKey(manager, apiKeyId);
    const group = await manager.findOne(AgentGroup, { where: { apiKeyId, groupId } });
    const now = String(Date.now());
    if (group) {
      if (group.agentIds.length >= MAX_GROUP_AGENTS) return;
      await manager.update(
        AgentGroup,
        { apiKeyId, groupId },
        { agentIds: [...group.agentIds, agentId], updatedAt: now },
      );
      return;
    }
    const [{ count }] = await manager.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM agent_group WHERE api_key_id = $1',
      [apiKeyId],
    );
    if (count >= MAX_GROUPS) return;
    await manager.save(AgentGroup, {
      apiKeyId,
      groupId,
      ...SYSTEM_GROUPS[groupId],
      agentIds: [agentId],
      metadata: { apiKey: apiKeyId },
      system: true,
      createdAt: now,
      updatedAt: now,
    });
  }

  /** Drops a deleted agent from every group of the key. */
  async forget(manager: EntityManager, apiKeyId: string, agentId: string): Promise<void> {
    await manager.query(
      `UPDATE agent_group SET agent_ids = agent_ids - $2::text, updated_at = $3
        WHERE api_key_id = $1 AND agent_ids ? $2::text`,
      [apiKeyId, agentId, String(Date.now())],
    );
  }

  private async change(
    apiKeyId: string,
    groupId: string,
    changes: (group: AgentGroup, manager: EntityManager) => Partial<AgentGroup> | Promise<Partial<AgentGroup>>,
  ): Promise<GroupView> {
    return this.dataSource.transaction(async (manager) => {
      const group = await manager.findOne(AgentGroup, {
        where: { apiKeyId, groupId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!group) throw NOT_FOUND(groupId);
      const next = { ...group, ...(await changes(group, manager)), updatedAt: String(Date.now()) };
      await manager.save(AgentGroup, next);
      return view(next, 'ids');
    });
  }

  /** Built-in ids are accepted without a lookup; a custom id must name an agent of the key (Velt). */
  private async checkAgents(manager: EntityManager, apiKeyId: string, agentIds: string[]): Promise<void> {
    const custom = agentIds.filter((id) => !builtInAgent(id));
    if (custom.length === 0) return;
    const found = await manager.query<Array<{ agent_id: string }>>(
      `SELECT agent_id FROM agent WHERE api_key_id = $1 AND managed_by = 'customer' AND agent_id = ANY($2::text[])`,
      [apiKeyId, custom],
    );
    const known = new Set(found.map((row) => row.agent_id));
    const missing = custom.find((id) => !known.has(id));
    if (missing !== undefined) throw ApiError.notFound(`Agent not found: ${missing}`);
  }

  private async checkRoom(manager: EntityManager, apiKeyId: string): Promise<void> {
    const [{ count }] = await manager.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM agent_group WHERE api_key_id = $1',
      [apiKeyId],
    );
    if (count >= MAX_GROUPS) {
      throw new ApiError(
        ErrorCode.RESOURCE_EXHAUSTED,
        `An API key holds at most ${MAX_GROUPS} agent groups, system groups included.`,
      );
    }
  }

  /** Serializes group creation of one key, so the limit cannot be raced past. */
  private async lockKey(manager: EntityManager, apiKeyId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`agent-groups:${apiKeyId}`]);
  }
}
