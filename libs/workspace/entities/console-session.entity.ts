import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

/** How a console session was opened: the workspace's id and token, or an e-mailed login link. */
export const CONSOLE_SIGN_IN_METHODS = ['credentials', 'link'] as const;
export type ConsoleSignInMethod = (typeof CONSOLE_SIGN_IN_METHODS)[number];

/**
 * An operator's session in the console (docs/console.md): the browser holds the token in an HttpOnly
 * cookie, the row holds its SHA-256. Rotating the workspace token deletes the workspace's rows in the
 * same transaction, so every session ends at once on every API instance.
 */
@Entity('console_session')
export class ConsoleSession {
  @PrimaryColumn({ name: 'token_hash', type: 'bytea' })
  tokenHash: Buffer;

  @Index()
  @Column({ name: 'workspace_id', type: 'text' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  method: ConsoleSignInMethod;

  /** Who signed in, as the audit log names them: the owner's address for a link, null for the workspace token. */
  @Column({ type: 'text', nullable: true })
  email: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
