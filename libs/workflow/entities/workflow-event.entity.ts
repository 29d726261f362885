import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** An execution's event stream (getEvents): `seq` counts from 1 without gaps per execution. */
@Entity('workflow_event')
@Index(['apiKeyId', 'actorId'], { where: 'actor_id IS NOT NULL' })
export class WorkflowEvent {
  @PrimaryColumn({ name: 'execution_id', type: 'text', collation: 'C' })
  executionId: string;

  @PrimaryColumn({ type: 'int' })
  seq: number;

  @Column({ name: 'event_id', type: 'text' })
  eventId: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'step_id', type: 'text', nullable: true })
  stepId: string | null;

  /** The user an event names (reviewer, actor), for the GDPR routes. */
  @Column({ name: 'actor_id', type: 'text', nullable: true })
  actorId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  data: Record<string, unknown> | null;

  @Column({ type: 'bigint' })
  timestamp: string;
}
