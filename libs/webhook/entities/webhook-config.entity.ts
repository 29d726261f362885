import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';
import { WebhookServiceConfig } from '../webhook-config';

export type StoredServiceConfig = Omit<WebhookServiceConfig, 'authToken'>;

/** Webhook settings of one API key (spec: Webhook service configuration). */
@Entity('webhook_config')
export class WebhookConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @OneToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'use_webhook_service', type: 'boolean', default: false })
  useWebhookService: boolean;

  @Column({ name: 'service_config', type: 'jsonb', nullable: true })
  serviceConfig: StoredServiceConfig | null;

  /** AES-GCM under SECRET_KEY; the worker decrypts it to sign and authorize deliveries. */
  @Column({ name: 'auth_token_ciphertext', type: 'text', nullable: true })
  authTokenCiphertext: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
