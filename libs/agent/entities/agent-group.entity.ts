import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** A group of agents (Velt's agent groups); `system` ones are provisioned when an agent is classified into them. */
@Entity('agent_group')
export class AgentGroup {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ name: 'group_id', type: 'text', collation: 'C' })
  groupId: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Member agent ids in order, without repeats. */
  @Column({ name: 'agent_ids', type: 'jsonb' })
  agentIds: string[];

  @Column({ type: 'jsonb' })
  metadata: Record<string, unknown>;

  @Column({ type: 'boolean', default: false })
  system: boolean;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'bigint' })
  updatedAt: string;
}
