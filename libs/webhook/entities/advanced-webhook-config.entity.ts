import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** Advanced webhook settings of one API key (Velt's advancedwebhookconfig); endpoints hang off it. */
@Entity('advanced_webhook_config')
export class AdvancedWebhookConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @OneToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'is_enabled', type: 'boolean', default: false })
  isEnabled: boolean;

  @Column({ name: 'encrypt_data', type: 'boolean', default: false })
  encryptData: boolean;

  @Column({ name: 'encode_data', type: 'boolean', default: false })
  encodeData: boolean;

  /** Empty when unset, as Velt returns it. */
  @Column({ name: 'public_key', type: 'text', default: '' })
  publicKey: string;

  @Column({ name: 'enable_data_protection', type: 'boolean', default: false })
  enableDataProtection: boolean;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
