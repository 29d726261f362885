import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Workspace } from './workspace.entity';

export const API_KEY_TYPES = ['testing', 'production'] as const;
export type ApiKeyType = (typeof API_KEY_TYPES)[number];

/** The tenant: every organization, document and setting belongs to exactly one API key. */
@Entity('api_key')
export class ApiKey {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Index()
  @Column({ name: 'workspace_id', type: 'text' })
  workspaceId: string;

  @ManyToOne(() => Workspace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'workspace_id' })
  workspace?: Workspace;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  type: ApiKeyType;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
