import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { Organization } from '@app/organization';
import { PreferenceValue } from './notification-preference';

/** A user's organization-level notification settings: the default of every document without its own (null: Velt's default). */
@Entity('notification_user_config')
export class NotificationUserConfig {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', collation: 'C' })
  userId: string;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'id' },
  ])
  organization?: Organization;

  @Column({ type: 'text', nullable: true })
  inbox: PreferenceValue | null;

  @Column({ type: 'text', nullable: true })
  email: PreferenceValue | null;

  @Column({ type: 'text', nullable: true })
  slack: PreferenceValue | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
