import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

export const STEP_STATUSES = [
  'pending',
  'running',
  'waiting',
  'completed',
  'failed',
  'skipped',
  'cancelled',
  'breached',
] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];
export const TERMINAL_STEP_STATUSES: readonly StepStatus[] = [
  'completed',
  'failed',
  'skipped',
  'cancelled',
  'breached',
];

/**
 * One step of an execution. Its job (id `key`) only wakes a worker: the status decides what runs,
 * so a job run twice, or taken over from a killed worker, moves the step once.
 */
@Entity('workflow_step')
@Index('IDX_workflow_step_key', ['key'], { unique: true })
@Index('IDX_workflow_step_unsettled', ['updatedAt'], { where: `status IN ('pending', 'running')` })
@Index('IDX_workflow_step_deadline', ['deadlineAt'], { where: `status IN ('pending', 'running', 'waiting')` })
export class WorkflowStep {
  @PrimaryColumn({ name: 'execution_id', type: 'text', collation: 'C' })
  executionId: string;

  @PrimaryColumn({ name: 'step_id', type: 'text', collation: 'C' })
  stepId: string;

  /** The BullMQ job id: short and free of `:`. */
  @Column({ type: 'text', collation: 'C' })
  key: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'node_id', type: 'text' })
  nodeId: string;

  @Column({ name: 'node_type', type: 'text' })
  nodeType: string;

  @Column({ type: 'text' })
  status: StepStatus;

  @Column({ name: 'group_id', type: 'text', nullable: true })
  groupId: string | null;

  /** The loop iteration (0 outside loops) it belongs to, so a group counts each iteration afresh. */
  @Column({ type: 'int', default: 0 })
  iteration: number;

  @Column({ type: 'jsonb' })
  input: Record<string, unknown>;

  @Column({ type: 'jsonb' })
  output: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  error: { code: string; message: string } | null;

  /** How many times a worker started it (a rerun after a crash counts). */
  @Column({ type: 'int', default: 0 })
  runs: number;

  @Column({ name: 'deadline_at', type: 'bigint', nullable: true })
  deadlineAt: string | null;

  @Column({ name: 'started_at', type: 'bigint', nullable: true })
  startedAt: string | null;

  @Column({ name: 'completed_at', type: 'bigint', nullable: true })
  completedAt: string | null;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
