import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ApiKey } from './api-key.entity';

/** Velt's app settings of an API key (/v2/workspace/apikeyconfig/*): stored and read back, field-merged on update. */
@Entity('api_key_config')
export class ApiKeyConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @OneToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  /** Flags, `aiModelKeyCiphertexts` (provider -> AES-GCM ciphertext, docs/architecture.md "Tenancy and access") and `permissionProvider`; never a key in clear. */
  @Column({ type: 'jsonb' })
  config: Record<string, unknown>;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
