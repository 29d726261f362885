import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';
import type { ActivityServiceConfig } from '../activity-config';

/** Activity log settings of one API key (Velt's activityServiceConfig, with our retention). */
@Entity('activity_config')
export class ActivityConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @OneToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'service_config', type: 'jsonb' })
  serviceConfig: ActivityServiceConfig;

  /** Days an activity is kept, copied out of the configuration so the retention sweep reads a column; null keeps them all. */
  @Column({ name: 'retention_days', type: 'double precision', nullable: true })
  retentionDays: number | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
