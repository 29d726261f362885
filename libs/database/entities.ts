import { UserTokenSecret } from '@app/user/entities/user-token-secret.entity';
import { CommentAnnotation } from '@app/comment/entities/comment-annotation.entity';
import { CommentReaction } from '@app/comment/entities/comment-reaction.entity';
import { CommentEntity } from '@app/comment/entities/comment.entity';
import { DocumentEntity } from '@app/document/entities/document.entity';
import { Folder } from '@app/document/entities/folder.entity';
import { OrganizationUserGroup } from '@app/organization/entities/organization-user-group.entity';
import { LiveState } from '@app/live-state/entities/live-state.entity';
import { DocumentMigration } from '@app/migration/entities/document-migration.entity';
import { Organization } from '@app/organization/entities/organization.entity';
import { AppUser } from '@app/user/entities/app-user.entity';
import { DocumentGrant } from '@app/user/entities/document-grant.entity';
import { FolderGrant } from '@app/user/entities/folder-grant.entity';
import { OrganizationGrant } from '@app/user/entities/organization-grant.entity';
import { Account } from '@app/workspace/entities/account.entity';
import { AllowedDomain } from '@app/workspace/entities/allowed-domain.entity';
import { ApiKey } from '@app/workspace/entities/api-key.entity';
import { AuditEvent } from '@app/workspace/entities/audit-event.entity';
import { AuthToken } from '@app/workspace/entities/auth-token.entity';
import { EmailConfig } from '@app/workspace/entities/email-config.entity';
import { WebhookConfig } from '@app/webhook/entities/webhook-config.entity';
import { WebhookDelivery } from '@app/webhook/entities/webhook-delivery.entity';
import { WebhookEvent } from '@app/webhook/entities/webhook-event.entity';
import { Workspace } from '@app/workspace/entities/workspace.entity';

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
