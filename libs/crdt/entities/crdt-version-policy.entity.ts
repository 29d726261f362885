import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** The automatic version policy of an API key; a key without a row has the defaults (CRDT_VERSION_DEFAULTS). */
@Entity('crdt_version_policy')
export class CrdtVersionPolicy {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  /** An automatic version when the last version of an edited editor is older than this; 0 turns them off. */
  @Column({ name: 'automatic_minutes', type: 'int' })
  automaticMinutes: number;

  /** Automatic versions older than this are dropped; named and restore versions stay. 0 keeps them all. */
  @Column({ name: 'automatic_retention_days', type: 'int' })
  automaticRetentionDays: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
