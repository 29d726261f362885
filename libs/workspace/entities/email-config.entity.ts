import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ApiKey } from './api-key.entity';

/** An API key's e-mail settings (docs/events.md "E-mail"); provider keys and passwords stored encrypted (docs/architecture.md "Tenancy and access"). */
@Entity('email_config')
export class EmailConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @OneToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ type: 'jsonb' })
  config: Record<string, unknown>;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
