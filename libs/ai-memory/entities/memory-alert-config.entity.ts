import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** The alert settings an API key stored (alerts/config/update), merged key by key and returned as sent. */
@Entity('memory_alert_config')
export class MemoryAlertConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @OneToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ type: 'jsonb' })
  config: Record<string, unknown>;
}
