import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Organization } from '@app/organization';
import type { AccessRole } from '@app/resource';

/** A user's role on a whole organization (docs/architecture.md "Tenancy and access"); ignored once `expiresAt` has passed. */
@Entity('organization_grant')
export class OrganizationGrant {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', collation: 'C' })
  userId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'id' },
  ])
  organization?: Organization;

  @Column({ name: 'access_role', type: 'text' })
  accessRole: AccessRole;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;
}
