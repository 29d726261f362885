import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Account } from './account.entity';

@Entity('workspace')
export class Workspace {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index()
  @Column({ name: 'account_id', type: 'text' })
  accountId: string;

  @ManyToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: Account;

  @Column({ type: 'text' })
  name: string;

  /** SHA-256 of the workspace auth token, for lookup. */
  @Column({ name: 'auth_token_hash', type: 'bytea', unique: true })
  authTokenHash: Buffer;

  /** AES-GCM ciphertext of the token under SECRET_KEY, so workspace get can show it. */
  @Column({ name: 'auth_token_ciphertext', type: 'text' })
  authTokenCiphertext: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
