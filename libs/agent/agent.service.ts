import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ApiError, AppConfig, ErrorCode, newId } from '@app/common';
import {
  AgentConfig,
  BEHAVIOUR_KEYS,
  missingInstructions,
  redactSecrets,
  sealSecrets,
  strategyOf,
} from './agent-config';
import { AgentGroupService } from './agent-group.service';
import { BUILT_IN_AGENTS, builtInAgent, BuiltInAgent, classify } from './built-in-agents';
import { CreateAgentDto, GetAgentsDto, UpdateAgentDto, UpdateAgentVersionDto } from './dto/agent.dto';
import { Agent } from './entities/agent.entity';

/** Custom agents one API key may hold (Velt answers RESOURCE_EXHAUSTED past its own maximum). */
export const MAX_CUSTOM_AGENTS = 500;

const NOT_FOUND = (agentId: string) => ApiError.notFound(`Agent not found: ${agentId}`);
const INSTRUCTIONS_REQUIRED = 'instructions is required when execution.executionStrategy needs a prompt';

export type AgentView = Record<string, unknown> & { id: string };

/** Behavioural fields of a DTO, without the ones it does not carry. */
function behaviourOf(dto: Partial<Record<(typeof BEHAVIOUR_KEYS)[number], unknown>>): AgentConfig {
  return Object.fromEntries(
    BEHAVIOUR_KEYS.filter((key) => dto[key] !== undefined).map((key) => [key, structuredClone(dto[key])]),
  );
}

function checkBehaviour(config: AgentConfig): void {
  if (missingInstructions(config)) throw ApiError.invalid(INSTRUCTIONS_REQUIRED);
  const servers = config.execution?.mcpServers;
  if (strategyOf(config) === 'mcp-tools' && (!Array.isArray(servers) || servers.length === 0)) {
    throw ApiError.invalid('execution.mcpServers needs at least one server when executionStrategy is "mcp-tools"');
  }
  if (['service', 'service+ai'].includes(strategyOf(config)) && !config.execution?.serviceId) {
    throw ApiError.invalid('execution.serviceId is required when executionStrategy is "service" or "service+ai"');
  }
}

/** Velt's one-level merge of a version update: a given object block merges into the stored one; metadata replaces. */
function merged(current: AgentConfig, patch: AgentConfig): AgentConfig {
  const next: AgentConfig & Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    const old = (current as Record<string, unknown>)[key];
    const mergeable =
      key !== 'metadata' &&
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      old !== null &&
      typeof old === 'object' &&
      !Array.isArray(old);
    next[key] = mergeable ? { ...old, ...(value as object) } : value;
  }
  return next;
}

function builtInView(agent: BuiltInAgent, enabled: boolean): AgentView {
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    enabled,
    managedBy: 'velt',
    system: true,
    essentialDefault: agent.essentialDefault,
  };
}

function customView(row: Agent): AgentView {
  return {
    id: row.agentId,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    version: row.version,
    managedBy: 'customer',
    ...redactSecrets(row.config),
  };
}

/** Velt's agents: built-ins from the catalog (their `enabled` flag stored per key), custom agents with versions. */
@Injectable()
export class AgentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly groups: AgentGroupService,
  ) {}

  async create(apiKeyId: string, dto: CreateAgentDto): Promise<{ agentId: string }> {
    const config = behaviourOf(dto);
    checkBehaviour(config);
    const sealed = sealSecrets(config, this.config.encryptionKey);
    const agentId = newId();
    const now = String(Date.now());
    await this.dataSource.transaction(async (manager) => {
      // Serializes creates of one key, so the count cannot be raced past.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`agent-create:${apiKeyId}`]);
      const [{ count }] = await manager.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM agent WHERE api_key_id = $1 AND managed_by = 'customer'`,
        [apiKeyId],
      );
      if (count >= MAX_CUSTOM_AGENTS) {
        throw new ApiError(
          ErrorCode.RESOURCE_EXHAUSTED,
          `An API key holds at most ${MAX_CUSTOM_AGENTS} custom agents.`,
        );
      }
      await manager.save(Agent, {
        apiKeyId,
        agentId,
        managedBy: 'customer',
        name: dto.name,
        description: dto.description,
        enabled: dto.enabled,
        version: 1,
        config: sealed,
        createdAt: now,
        updatedAt: now,
      });
      await manager.query(
        'INSERT INTO agent_version (api_key_id, agent_id, version, config, created_at) VALUES ($1, $2, 1, $3, $4)',
        [apiKeyId, agentId, sealed, now],
      );
      const systemGroup = classify([dto.name, dto.description, config.instructions ?? ''].join('\n'));
      if (systemGroup) await this.groups.classifyInto(manager, apiKeyId, systemGroup, agentId);
    });
    return { agentId };
  }

  async getOne(apiKeyId: string, agentId: string): Promise<AgentView> {
    const row = await this.dataSource.getRepository(Agent).findOne({ where: { apiKeyId, agentId } });
    const builtIn = builtInAgent(agentId);
    if (builtIn) return builtInView(builtIn, row?.enabled ?? true);
    if (!row || row.managedBy !== 'customer') throw NOT_FOUND(agentId);
    return customView(row);
  }

  /** Velt's list: built-ins then custom agents, or a group's members in its order; with execution counts. */
  async list(apiKeyId: string, dto: GetAgentsDto): Promise<AgentView[]> {
    const rows = await this.dataSource.getRepository(Agent).find({ where: { apiKeyId }, order: { createdAt: 'ASC' } });
    const overrides = new Map(rows.filter((r) => r.managedBy === 'velt').map((r) => [r.agentId, r.enabled]));
    const builtIns =
      dto.filter === 'customOnly' ? [] : BUILT_IN_AGENTS.map((a) => builtInView(a, overrides.get(a.id) ?? true));
    const customs = dto.filter === 'defaultOnly' ? [] : rows.filter((r) => r.managedBy === 'customer').map(customView);
    let agents = [...builtIns, ...customs];
    if (dto.groupId !== undefined) {
      const members = (await this.groups.get(apiKeyId, dto.groupId)).agentIds as string[];
      const byId = new Map(agents.map((agent) => [agent.id, agent]));
      agents = members.flatMap((id) => byId.get(id) ?? []);
    }
    const counts = await this.executionCounts(apiKeyId);
    return agents.map((agent) => ({
      ...agent,
      executionCount: counts.get(agent.id)?.count ?? 0,
      lastExecutedAt: counts.get(agent.id)?.last ?? null,
    }));
  }

  /** Built-ins take `enabled` only (name and description sent with it are ignored, as on Velt). */
  async update(apiKeyId: string, dto: UpdateAgentDto): Promise<void> {
    const now = String(Date.now());
    const builtIn = builtInAgent(dto.agentId);
    if (builtIn) {
      if (dto.enabled === undefined) throw ApiError.invalid('enabled is required to update a built-in agent');
      await this.dataSource.query(
        `INSERT INTO agent (api_key_id, agent_id, managed_by, name, description, enabled, version, config, created_at, updated_at)
         VALUES ($1, $2, 'velt', $3, $4, $5, 0, '{}', $6, $6)
         ON CONFLICT (api_key_id, agent_id) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
        [apiKeyId, builtIn.id, builtIn.name, builtIn.description, dto.enabled, now],
      );
      return;
    }
    const changes = Object.fromEntries(
      (['name', 'description', 'enabled'] as const)
        .filter((key) => dto[key] !== undefined)
        .map((key) => [key, dto[key]]),
    );
    const result = await this.dataSource
      .getRepository(Agent)
      .update({ apiKeyId, agentId: dto.agentId, managedBy: 'customer' }, { ...changes, updatedAt: now });
    if (!result.affected) throw NOT_FOUND(dto.agentId);
  }

  /** Idempotent, as on Velt; a built-in's stored `enabled` flag goes back to the default. */
  async delete(apiKeyId: string, agentId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(Agent, { apiKeyId, agentId });
      await manager.query('DELETE FROM agent_version WHERE api_key_id = $1 AND agent_id = $2', [apiKeyId, agentId]);
      await this.groups.forget(manager, apiKeyId, agentId);
    });
  }

  async updateVersion(apiKeyId: string, dto: UpdateAgentVersionDto): Promise<{ version: number }> {
    const patch = behaviourOf(dto);
    return this.dataSource.transaction(async (manager) => {
      const row = await this.locked(manager, apiKeyId, dto.agentId);
      const next = merged(row.config, sealSecrets(patch, this.config.encryptionKey));
      checkBehaviour(next);
      const version = row.version + 1;
      const now = String(Date.now());
      await this.setBehaviour(manager, { apiKeyId, agentId: dto.agentId, config: next, version });
      await manager.query(
        'INSERT INTO agent_version (api_key_id, agent_id, version, config, created_at) VALUES ($1, $2, $3, $4, $5)',
        [apiKeyId, dto.agentId, version, next, now],
      );
      return { version };
    });
  }

  /** Newest first, each with every behavioural field it had; an unknown agent has none (Velt). */
  async versions(apiKeyId: string, agentId: string): Promise<AgentView[]> {
    const rows = await this.dataSource.query<Array<{ version: number; config: AgentConfig; created_at: string }>>(
      'SELECT version, config, created_at FROM agent_version WHERE api_key_id = $1 AND agent_id = $2 ORDER BY version DESC',
      [apiKeyId, agentId],
    );
    return rows.map((row) => ({
      id: `v${row.version}`,
      version: row.version,
      createdAt: Number(row.created_at),
      ...redactSecrets(row.config),
    }));
  }

  /** Back to version N-1: its snapshot becomes the agent's behaviour and version N is dropped. */
  async restore(apiKeyId: string, agentId: string): Promise<{ version: number }> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.locked(manager, apiKeyId, agentId);
      if (row.version <= 1) {
        throw new ApiError(ErrorCode.FAILED_PRECONDITION, 'The agent is at version 1; there is no earlier version.');
      }
      const version = row.version - 1;
      const [previous] = await manager.query<Array<{ config: AgentConfig }>>(
        'SELECT config FROM agent_version WHERE api_key_id = $1 AND agent_id = $2 AND version = $3',
        [apiKeyId, agentId, version],
      );
      if (!previous) throw ApiError.notFound(`Version ${version} of agent ${agentId} not found.`);
      await this.setBehaviour(manager, { apiKeyId, agentId, config: previous.config, version });
      await manager.query('DELETE FROM agent_version WHERE api_key_id = $1 AND agent_id = $2 AND version > $3', [
        apiKeyId,
        agentId,
        version,
      ]);
      return { version };
    });
  }

  /** What a run pins: a custom agent's current version, or a built-in's catalog config; null when unknown or disabled. */
  async runnable(
    apiKeyId: string,
    agentId: string,
  ): Promise<{ name: string; version: number; config: AgentConfig; builtIn: boolean } | 'disabled' | null> {
    const row = await this.dataSource.getRepository(Agent).findOne({ where: { apiKeyId, agentId } });
    const builtIn = builtInAgent(agentId);
    if (builtIn) {
      if (row?.enabled === false) return 'disabled';
      return { name: builtIn.name, version: 1, config: builtIn.config, builtIn: true };
    }
    if (!row || row.managedBy !== 'customer') return null;
    if (!row.enabled) return 'disabled';
    return { name: row.name, version: row.version, config: row.config, builtIn: false };
  }

  private async setBehaviour(
    manager: EntityManager,
    change: { apiKeyId: string; agentId: string; config: AgentConfig; version: number },
  ): Promise<void> {
    await manager.query(
      'UPDATE agent SET config = $3, version = $4, updated_at = $5 WHERE api_key_id = $1 AND agent_id = $2',
      [change.apiKeyId, change.agentId, change.config, change.version, String(Date.now())],
    );
  }

  private async locked(manager: EntityManager, apiKeyId: string, agentId: string): Promise<Agent> {
    const row = await manager.findOne(Agent, {
      where: { apiKeyId, agentId, managedBy: 'customer' },
      lock: { mode: 'pessimistic_write' },
    });
    if (!row) throw NOT_FOUND(agentId);
    return row;
  }

  private async executionCounts(apiKeyId: string): Promise<Map<string, { count: number; last: number }>> {
    const rows = await this.dataSource.query<Array<{ agent_id: string; count: number; last: string }>>(
      'SELECT agent_id, count(*)::int AS count, max(started_at) AS last FROM agent_execution WHERE api_key_id = $1 GROUP BY agent_id',
      [apiKeyId],
    );
    return new Map(rows.map((row) => [row.agent_id, { count: row.count, last: Number(row.last) }]));
  }
}
