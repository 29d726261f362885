import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Organization } from '@app/organization';
import { AccessType } from './access-type';

@Entity('folder')
@Index(['apiKeyId', 'organizationId', 'parentFolderId'])
export class Folder {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'id' },
  ])
  organization?: Organization;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'parent_folder_id', type: 'text', collation: 'C', nullable: true })
  parentFolderId: string | null;

  /** Deleting a folder deletes its subfolders, and through them their documents. */
  @ManyToOne(() => Folder, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'parent_folder_id', referencedColumnName: 'id' },
  ])
  parentFolder?: Folder;

  @Column({ name: 'access_type', type: 'text', default: 'organizationPrivate' })
  accessType: AccessType;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
