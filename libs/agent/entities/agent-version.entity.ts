import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';
import type { AgentConfig } from '../agent-config';

/** One behavioural version of a custom agent, as it was written (Velt's versions subcollection). */
@Entity('agent_version')
export class AgentVersion {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ name: 'agent_id', type: 'text', collation: 'C' })
  agentId: string;

  @PrimaryColumn({ type: 'int' })
  version: number;

  @Column({ type: 'jsonb' })
  config: AgentConfig;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;
}
