import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** Velt's in-app notification service settings of an API key (/v2/workspace/notificationconfig/*). */
@Entity('notification_workspace_config')
export class NotificationWorkspaceConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @OneToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'use_notification_service', type: 'boolean', default: false })
  useNotificationService: boolean;

  /** `triggers`, `delayConfig`, `batchConfig` as Velt's update deep-merges them. */
  @Column({ name: 'service_config', type: 'jsonb', default: () => "'{}'" })
  serviceConfig: Record<string, unknown>;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
