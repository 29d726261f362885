import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ACTIVITY_ENTITIES } from '@app/activity/entities';
import { AGENT_ENTITIES } from '@app/agent/entities';
import { AI_ENTITIES } from '@app/ai/entities';
import { AI_MEMORY_ENTITIES } from '@app/ai-memory/entities';
import { COMMENT_ENTITIES } from '@app/comment/entities';
import { AppConfig } from '@app/common';
import { CRDT_ENTITIES } from '@app/crdt/entities';
import { databaseOptions } from '@app/database';
import { DOCUMENT_ENTITIES } from '@app/document/entities';
import { EMAIL_ENTITIES } from '@app/email/entities';
import { LIVE_STATE_ENTITIES } from '@app/live-state/entities';
import { MIGRATION_ENTITIES } from '@app/migration/entities';
import { NOTIFICATION_ENTITIES } from '@app/notification/entities';
import { ORGANIZATION_ENTITIES } from '@app/organization/entities';
import { USER_ENTITIES } from '@app/user/entities';
import { USER_DATA_ENTITIES } from '@app/user-data/entities';
import { WEBHOOK_ENTITIES } from '@app/webhook/entities';
import { WORKFLOW_ENTITIES } from '@app/workflow/entities';
import { WORKSPACE_ENTITIES } from '@app/workspace/entities';

/**
 * Entry point of the TypeORM CLI (npm run migration:run / migration:generate): the same options as
 * the apps, with every module's own entity list, read from its entities/ folder so the CLI loads no services.
 */
export default new DataSource({
  ...databaseOptions(new AppConfig(process.env)),
  entities: [
    ...WORKSPACE_ENTITIES,
    ...ORGANIZATION_ENTITIES,
    ...DOCUMENT_ENTITIES,
    ...USER_ENTITIES,
    ...LIVE_STATE_ENTITIES,
    ...COMMENT_ENTITIES,
    ...WEBHOOK_ENTITIES,
    ...MIGRATION_ENTITIES,
    ...USER_DATA_ENTITIES,
    ...NOTIFICATION_ENTITIES,
    ...ACTIVITY_ENTITIES,
    ...EMAIL_ENTITIES,
    ...CRDT_ENTITIES,
    ...WORKFLOW_ENTITIES,
    ...AI_ENTITIES,
    ...AI_MEMORY_ENTITIES,
    ...AGENT_ENTITIES,
  ],
});
