import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Notification, NotificationPerson } from './notification.entity';

/**
 * One user's relation to a notification: a listed recipient (`notified`), and/or one who read it. A
 * notifyAll notification gets a row for a reader who was not listed, so read state is per user either way.
 */
@Entity('notification_user')
// A user's rows in one organization (the userId filter) and across all (the GDPR export and erasure).
@Index('IDX_notification_user_user', ['apiKeyId', 'userId', 'organizationId'])
export class NotificationUser {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'notification_id', type: 'text', collation: 'C' })
  notificationId: string;

  @PrimaryColumn({ name: 'user_id', type: 'text', collation: 'C' })
  userId: string;

  @ManyToOne(() => Notification, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'notification_id', referencedColumnName: 'id' },
  ])
  notification?: Notification;

  @Column({ type: 'boolean', default: false })
  notified: boolean;

  /** The user as the notification listed them (name, e-mail), for Velt's notifyUsers. */
  @Column({ type: 'jsonb', nullable: true })
  person: NotificationPerson | null;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;
}
