import { preparedStatement } from '@app/database';
import { ActivityContent } from './activity-record';

// The activity sink's statement, Nest-free: the bare comment-write yardstick of bench/ runs this text.

const COLUMNS =
  'id, organization_id, document_id, timestamp, feature_type, action_type, event_type, actor_user_id, action_user, target_entity_id, target_sub_entity_id, changes, entity_data, entity_target_data, display_message_template, display_message_template_data, action_icon, immutable, is_activity_resolver_used, metadata';

/** The activities $2 of API key $1, one multi-row statement in their order; the columns' defaults fill what an activity leaves out. */
export const INSERT_ACTIVITIES = preparedStatement(`INSERT INTO activity (api_key_id, ${COLUMNS})
  SELECT $1, v.id, v.organization_id, COALESCE(v.document_id, ''), v.timestamp, v.feature_type, v.action_type, v.event_type, v.actor_user_id,
    v.action_user, v.target_entity_id, v.target_sub_entity_id, v.changes, v.entity_data, v.entity_target_data, v.display_message_template,
    v.display_message_template_data, v.action_icon, v.immutable, v.is_activity_resolver_used, COALESCE(v.metadata, '{}')
  FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (id text, organization_id text, document_id text, timestamp bigint, feature_type text,
    action_type text, event_type text, actor_user_id text, action_user jsonb, target_entity_id text, target_sub_entity_id text, changes jsonb,
    entity_data jsonb, entity_target_data jsonb, display_message_template text, display_message_template_data jsonb, action_icon text,
    immutable boolean, is_activity_resolver_used boolean, metadata jsonb)) WITH ORDINALITY AS v(${COLUMNS}, n)
  ORDER BY v.n`);

/** An activity in its columns (JSON null and an absent key both stand for SQL NULL). */
export function activityRow(content: ActivityContent, id: string, immutable: boolean): Record<string, unknown> {
  return {
    id,
    organization_id: content.organizationId,
    document_id: content.documentId,
    timestamp: content.timestamp,
    feature_type: content.featureType,
    action_type: content.actionType,
    event_type: content.eventType,
    actor_user_id: content.actorUserId,
    action_user: content.actionUser,
    target_entity_id: content.targetEntityId,
    target_sub_entity_id: content.targetSubEntityId,
    changes: content.changes,
    entity_data: content.entityData,
    entity_target_data: content.entityTargetData,
    display_message_template: content.displayMessageTemplate,
    display_message_template_data: content.displayMessageTemplateData,
    action_icon: content.actionIcon,
    immutable,
    is_activity_resolver_used: content.isActivityResolverUsed,
    metadata: content.metadata,
  };
}
