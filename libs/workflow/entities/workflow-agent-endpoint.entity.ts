import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** The HTTP agent endpoint of an API key (docs/review-workflows.md "Our agent contract"): agent steps call it. */
@Entity('workflow_agent_endpoint')
export class WorkflowAgentEndpoint {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ type: 'text' })
  url: string;

  /** AES-GCM ciphertext of the signing secret (x-svc-signature); null signs nothing. */
  @Column({ name: 'secret_ciphertext', type: 'text', nullable: true })
  secretCiphertext: string | null;

  @Column({ name: 'timeout_ms', type: 'integer' })
  timeoutMs: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
