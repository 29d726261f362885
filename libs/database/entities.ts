import { AppUser, DocumentGrant, FolderGrant, OrganizationGrant, UserTokenSecret } from '@app/user';
import { CommentAnnotation } from '@app/comment/entities/comment-annotation.entity';
import { CommentReaction } from '@app/comment/entities/comment-reaction.entity';
import { CommentEntity } from '@app/comment/entities/comment.entity';
import { DocumentEntity, Folder } from '@app/document';
import { Organization, OrganizationUserGroup } from '@app/organization';
import { LiveState } from '@app/live-state';
import { DocumentMigration } from '@app/migration/entities/document-migration.entity';
import { Account, AllowedDomain, ApiKey, AuditEvent, AuthToken, EmailConfig, Workspace } from '@app/workspace';
import { WebhookConfig } from '@app/webhook/entities/webhook-config.entity';
import { WebhookDelivery } from '@app/webhook/entities/webhook-delivery.entity';
import { WebhookEvent } from '@app/webhook/entities/webhook-event.entity';

/** Every entity of the service, registered once for Nest and the TypeORM CLI alike. */
export const ENTITIES = [
  Account,
  Workspace,
  ApiKey,
  AuthToken,
  AllowedDomain,
  EmailConfig,
  AuditEvent,
  Organization,
  OrganizationUserGroup,
  Folder,
  DocumentEntity,
  UserTokenSecret,
  AppUser,
  OrganizationGrant,
  FolderGrant,
  DocumentGrant,
  LiveState,
  CommentAnnotation,
  CommentEntity,
  CommentReaction,
  WebhookConfig,
  WebhookEvent,
  WebhookDelivery,
  DocumentMigration,
];
