import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '@app/organization';

/** An end user known to an organization: its profile, and membership for `organizationPrivate` documents. */
@Entity('app_user')
export class AppUser {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'id' },
  ])
  organization?: Organization;

  /** Null until given, so an update that omits it keeps the stored value. */
  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** The rest of Velt's User model (photoUrl, color, plan, isGuest...): data kept and returned as sent. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  properties: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
