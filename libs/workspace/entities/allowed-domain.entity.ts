import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from './api-key.entity';

/** A web origin allowed to open realtime connections for an API key (docs/architecture.md "Tenancy and access"). */
@Entity('allowed_domain')
export class AllowedDomain {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ type: 'text' })
  domain: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
