import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

/**
 * A single-use sign-in link e-mailed to a workspace's owner (Velt's send-login-link). The token is in
 * the e-mail only; the row holds its SHA-256, and `used_at` is set by the one statement that redeems it.
 */
@Entity('console_login_link')
export class ConsoleLoginLink {
  @PrimaryColumn({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Index()
  @Column({ name: 'workspace_id', type: 'text' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  email: string;

  /** Where the console goes once signed in: on the console's own origin or a loopback host (checked on send). */
  @Column({ name: 'continue_url', type: 'text' })
  continueUrl: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
