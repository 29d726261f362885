import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';
import type { AgentConfig } from '../agent-config';

/**
 * A custom review agent (Velt's agents): identity, and the behaviour of its current version. Each
 * behavioural change writes a new `agent_version` row too. A built-in agent has a row only once its
 * `enabled` flag was set (`managed_by` is then `velt` and `config` empty).
 */
@Entity('agent')
export class Agent {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ name: 'agent_id', type: 'text', collation: 'C' })
  agentId: string;

  @Column({ name: 'managed_by', type: 'text', default: 'customer' })
  managedBy: 'customer' | 'velt';

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'boolean' })
  enabled: boolean;

  @Column({ type: 'int' })
  version: number;

  /** Behavioural fields (instructions, contextGathering, execution, ...); secrets inside encrypted. */
  @Column({ type: 'jsonb' })
  config: AgentConfig;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'bigint' })
  updatedAt: string;
}
