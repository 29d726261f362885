import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Folder } from '@app/document';
import type { AccessRole } from '@app/resource';

/** A user's role on a folder and, through the folder chain, on what it contains. */
@Entity('folder_grant')
@Index(['apiKeyId', 'organizationId', 'userId'])
export class FolderGrant {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'folder_id', type: 'text', collation: 'C' })
  folderId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', collation: 'C' })
  userId: string;

  @ManyToOne(() => Folder, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'folder_id', referencedColumnName: 'id' },
  ])
  folder?: Folder;

  @Column({ name: 'access_role', type: 'text' })
  accessRole: AccessRole;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}
