import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

export type AlertStatus = 'active' | 'dismissed' | 'actioned';

/** A proactive notice about a review trend (Velt's memory alert), raised by the memory queue. */
@Entity('memory_alert')
@Index(['apiKeyId', 'status', 'createdAt'])
@Index('IDX_memory_alert_active_dedup', ['apiKeyId', 'dedupKey'], { unique: true, where: "status = 'active'" })
export class MemoryAlert {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @Column({ name: 'alert_type', type: 'text' })
  alertType: string;

  @Column({ type: 'text' })
  severity: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'jsonb' })
  evidence: Record<string, unknown>;

  @Column({ name: 'suggested_action', type: 'text', nullable: true })
  suggestedAction: string | null;

  @Column({ name: 'action_url', type: 'text', nullable: true })
  actionUrl: string | null;

  @Column({ type: 'text', default: 'active' })
  status: AlertStatus;

  @Column({ name: 'dedup_key', type: 'text' })
  dedupKey: string;

  /** Epoch ms. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;

  @Column({ name: 'dismissed_at', type: 'bigint', nullable: true })
  dismissedAt: string | null;

  @Column({ name: 'dismissed_by', type: 'text', nullable: true })
  dismissedBy: string | null;
}
