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
import { Folder } from './folder.entity';

@Entity('document')
@Index(['apiKeyId', 'organizationId', 'folderId', 'id'])
// (api_key_id, organization_id, lower(name) COLLATE "C", id): the name-prefix search, created by its migration (an expression TypeORM cannot declare).
@Index('IDX_document_name_prefix', { synchronize: false })
export class DocumentEntity {
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

  @Column({ name: 'folder_id', type: 'text', collation: 'C', nullable: true })
  folderId: string | null;

  @ManyToOne(() => Folder, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'folder_id', referencedColumnName: 'id' },
  ])
  folder?: Folder;

  @Column({ type: 'boolean', default: false })
  disabled: boolean;

  @Column({ name: 'access_type', type: 'text', default: 'public' })
  accessType: AccessType;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  metadata: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
