import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/**
 * One activity log record (Velt's ActivityRecord). The id is unique per organization, as Velt lets the
 * caller choose it. No foreign key to the organization or document: an audit trail outlives what it names.
 */
@Entity('activity')
@Index(['apiKeyId', 'organizationId', 'timestamp', 'id'])
@Index(['apiKeyId', 'timestamp'])
@Index(['apiKeyId', 'actorUserId'])
export class Activity {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  /** '' when the activity is about the organization as a whole. */
  @Column({ name: 'document_id', type: 'text', collation: 'C', default: '' })
  documentId: string;

  /** Epoch ms, Velt's `timestamp`; bigint comes back from the driver as text. */
  @Column({ type: 'bigint' })
  timestamp: string;

  @Column({ name: 'feature_type', type: 'text' })
  featureType: string;

  @Column({ name: 'action_type', type: 'text' })
  actionType: string;

  @Column({ name: 'event_type', type: 'text', nullable: true })
  eventType: string | null;

  /** The actor's id apart from `actionUser`, so a user filter and GDPR erasure use an index-friendly column. */
  @Column({ name: 'actor_user_id', type: 'text', nullable: true })
  actorUserId: string | null;

  @Column({ name: 'action_user', type: 'jsonb', nullable: true })
  actionUser: Record<string, unknown> | null;

  @Column({ name: 'target_entity_id', type: 'text', nullable: true })
  targetEntityId: string | null;

  @Column({ name: 'target_sub_entity_id', type: 'text', nullable: true })
  targetSubEntityId: string | null;

  @Column({ type: 'jsonb', nullable: true })
  changes: Record<string, unknown> | null;

  @Column({ name: 'entity_data', type: 'jsonb', nullable: true })
  entityData: unknown;

  @Column({ name: 'entity_target_data', type: 'jsonb', nullable: true })
  entityTargetData: unknown;

  @Column({ name: 'display_message_template', type: 'text', nullable: true })
  displayMessageTemplate: string | null;

  @Column({ name: 'display_message_template_data', type: 'jsonb', nullable: true })
  displayMessageTemplateData: Record<string, unknown> | null;

  @Column({ name: 'action_icon', type: 'text', nullable: true })
  actionIcon: string | null;

  /** Set from the configuration when the record is written: an immutable record refuses update and delete. */
  @Column({ type: 'boolean', default: false })
  immutable: boolean;

  @Column({ name: 'is_activity_resolver_used', type: 'boolean', nullable: true })
  isActivityResolverUsed: boolean | null;

  /** Feature-specific metadata beyond apiKey, organizationId and documentId (e.g. documentName). */
  @Column({ type: 'jsonb', default: {} })
  metadata: Record<string, unknown>;
}
