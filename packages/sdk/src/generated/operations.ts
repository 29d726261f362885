// Generated from the API's OpenAPI document by `npm run sdk:generate`; do not edit. test/sdk.e2e-spec.ts fails when it is stale.
export type ActivityServiceConfigDto = {
  isEnabled?: boolean;
  enabledTime?: number;
  immutable?: boolean;
  triggers?: Record<string, unknown>;
  retentionDays?: number;
};
export type ActivityUpdateDto = {
  id: string;
  changes?: Record<string, unknown>;
  entityData?: unknown;
  entityTargetData?: unknown;
  displayMessageTemplate?: string;
  displayMessageTemplateData?: Record<string, unknown>;
  actionIcon?: string;
};
export type AddActivitiesDto = {
  organizationId: string;
  documentId: string;
  activities: Array<NewActivityDto>;
};
export type AddAnnotationsDto = {
  commentAnnotations: Array<NewAnnotationDto>;
  triggerNotification?: boolean;
  organizationId: string;
  documentId: string;
  from?: CommentUserDto;
  createOrganization?: boolean;
  createDocument?: boolean;
  verifyUserPermissions?: boolean;
};
export type AddCommentsDto = {
  commentData: Array<NewCommentDto>;
  annotationId: string;
  organizationId: string;
  documentId: string;
  from?: CommentUserDto;
  triggerNotification?: boolean;
  createOrganization?: boolean;
  createDocument?: boolean;
  verifyUserPermissions?: boolean;
};
export type AddDocumentsDto = {
  createOrganization?: boolean;
  documents: Array<DocumentInputDto>;
  folderId?: string;
  createFolder?: boolean;
  organizationId: string;
};
export type AddFoldersDto = {
  createOrganization?: boolean;
  folders: Array<FolderInputDto>;
  organizationId: string;
};
export type AddNotificationDto = {
  createOrganization?: boolean;
  createDocument?: boolean;
  actionUser: UserRefDto;
  verifyUserPermissions?: boolean;
  notificationId?: string;
  isNotificationResolverUsed?: boolean;
  displayHeadlineMessageTemplate?: string;
  displayHeadlineMessageTemplateData?: Record<string, unknown>;
  displayBodyMessage?: string;
  notifyUsers: Array<UserRefDto>;
  notifyAll?: boolean;
  notificationSource?: string;
  notificationSourceData?: Record<string, unknown>;
  context?: Record<string, unknown>;
  organizationId: string;
  documentId: string;
};
export type AddOrganizationsDto = {
  organizations: Array<OrganizationInputDto>;
};
export type AddPermissionsDto = {
  userId?: string;
  user?: PermissionUserDto;
  permissions: GrantListDto;
};
export type AddUserGroupMembersDto = {
  organizationUserGroupId: string;
  userIds: Array<string>;
  organizationId: string;
};
export type AddUserGroupsDto = {
  organizationId: string;
  createOrganization?: boolean;
  organizationUserGroups: Array<UserGroupInputDto>;
};
export type AddUsersDto = {
  createOrganization?: boolean;
  createDocument?: boolean;
  createFolder?: boolean;
  organizationId: string;
  documentId?: string;
  folderId?: string;
  users: Array<UserInputDto>;
};
export type AgentAiConfigDto = {
  provider?: "gemini" | "claude" | "openai";
  model?: string;
  responseMimeType?: string;
  maxToolTurns?: number;
};
export type AgentRefDto = {
  agentId: string;
};
export type AiModelApiKeyDto = {
  provider: "openai" | "anthropic" | "gemini";
  customerApiKey: string;
  baseUrl?: string;
  chatModel?: string;
  embeddingModel?: string;
};
export type AlertRefDto = {
  alertId: string;
};
export type AlertUserDto = {
  uid: string;
};
export type AnalyticsDto = {
  agentId?: string;
  year?: string;
  month?: "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12";
  model?: string;
};
export type AnnotationChangeDto = {
  from?: CommentUserDto;
  assignedTo?: CommentUserDto;
  priority?: PriorityDto;
  resolvedByUserId?: string;
  statusUpdatedByUserId?: string;
  location?: Record<string, unknown>;
  targetElement?: Record<string, unknown>;
  status?: StatusDto;
  context?: Record<string, unknown>;
  suggestion?: Record<string, unknown>;
};
export type AnnotationsStageDto = {
  strategy?: "findings" | "word-level" | "page-level" | "none";
  enabled?: boolean;
};
export type ApiKeyRefDto = {
  apiKey: string;
};
export type ApiKeyWebhookConfigDto = {
  authToken?: string;
  rawNotificationUrl?: string;
  processedNotificationUrl?: string;
};
export type AskAiDto = {
  model: string;
  prompt: string;
  text: string;
};
export type AskMemoryDto = {
  question: string;
  filters?: JudgmentFiltersDto;
  recencyDays?: number;
  organizationId?: string;
  orgId?: string;
  documentId?: string;
  docId?: string;
};
export type BatchConfigDto = {
  document?: BatchScopeDto;
  user?: BatchScopeDto;
};
export type BatchScopeDto = {
  isEnabled?: boolean;
  batchWindowSeconds?: number;
  maxActivities?: number;
};
export type BroadcastLiveStateDto = {
  liveStateDataId: string;
  data: Record<string, unknown>;
  merge?: boolean;
  organizationId: string;
  documentId: string;
};
export type CancelExecutionDto = {
  reason?: string;
  executionId: string;
};
export type CancelStepDto = {
  reason?: string;
  actorId: string;
  executionId: string;
  stepId: string;
};
export type CommentChangeDto = {
  from?: CommentUserDto;
  commentText?: string;
  commentHtml?: string;
  context?: Record<string, unknown>;
  isCommentResolverUsed?: boolean;
  isCommentTextAvailable?: boolean;
  taggedUserContacts?: Array<TaggedUserContactDto>;
  attachments?: Array<Record<string, unknown>>;
};
export type CommentUserDto = {
  userId: string;
  name?: string;
  email?: string;
  photoUrl?: string;
  organizationId?: string;
  color?: string;
  textColor?: string;
  plan?: string;
  type?: string;
  initial?: string;
  groupId?: string;
  clientGroupId?: string;
  isReadOnly?: boolean;
  isAnonymous?: boolean;
  isGuest?: boolean;
  isAdmin?: boolean;
  accessRole?: "viewer" | "editor";
};
export type ConsoleSignInDto = {
  workspaceId: string;
  authToken: string;
};
export type ContextGatheringDto = {
  strategies: Array<"web-page-text" | "web-page-screenshot" | "web-page-html" | "web-page-css" | "web-page-links" | "web-page-accessibility" | "computed-styles" | "robots-txt" | "sitemap-data" | "lighthouse" | "rest-api" | "none">;
  strategyOptions?: Record<string, unknown>;
  aiConfig?: AgentAiConfigDto;
};
export type CountAnnotationsDto = {
  documentIds: Array<string>;
  userId: string;
  statusIds?: Array<string>;
  organizationId: string;
};
export type CountExecutionsDto = {
  agentIds?: Array<string>;
  status?: "running" | "passed" | "failed" | "partial" | "error" | "skipped";
};
export type CrdtVersionPolicyDto = {
  automaticMinutes?: number;
  automaticRetentionDays?: number;
};
export type CreateAgentDto = {
  name: string;
  description: string;
  enabled: boolean;
  contextGathering: ContextGatheringDto;
  execution: ExecutionConfigDto;
  rawInstructions?: string;
  instructions?: string;
  phaseTimeoutMs?: number;
  metadata?: Record<string, unknown>;
  response?: Record<string, unknown>;
  postProcess?: PostProcessDto;
  input?: Record<string, unknown>;
  scope?: Record<string, unknown>;
  setup?: Record<string, unknown>;
};
export type CreateApiKeyDto = {
  type: "testing" | "production";
  apiKeyName?: string;
  createAuthToken?: boolean;
  ownerEmail?: string;
  persistenceDBRegion?: string;
  realtimeDBRegion?: string;
  allowedDomains?: Array<string>;
  addLocalHostToAllowedDomains?: boolean;
  useEmailService?: boolean;
  emailServiceConfig?: EmailServiceConfigDto;
  useWebhookService?: boolean;
  webhookServiceConfig?: ApiKeyWebhookConfigDto;
  useNotificationService?: boolean;
  setDefaultNotificationTriggers?: boolean;
  setDefaultEmailTriggers?: boolean;
  requireAutoOrgUser?: boolean;
  enablePrivateComments?: boolean;
};
export type CreateAuthTokenDto = {
  apiKey: string;
  name?: string;
};
export type CreateDefinitionDto = {
  definitionId: string;
  name: string;
  description?: string;
  scope?: ScopeDto;
  nodes: Array<NodeDto>;
  edges: Array<EdgeDto>;
  groups?: Array<GroupDto>;
  triggers?: Array<Record<string, unknown>>;
  webhookConfig?: WebhookConfigDto;
  tags?: Array<string>;
  custom?: Record<string, unknown>;
  organizationId?: string;
  documentId?: string;
};
export type CreateEndpointDto = {
  url: string;
  description?: string;
  filterTypes?: Array<"comment_annotation.add" | "comment_annotation.assign" | "comment_annotation.status_change" | "comment_annotation.priority_change" | "comment_annotation.custom_list_change" | "comment_annotation.subscribe" | "comment_annotation.unsubscribe" | "comment_annotation.accept" | "comment_annotation.reject" | "comment_annotation.approve" | "comment_annotation.suggestion_accept" | "comment_annotation.suggestion_reject" | "comment.add" | "comment.update" | "comment.delete" | "comment.reaction_add" | "comment.reaction_delete" | "huddle.create" | "huddle.join" | "crdt.update_data" | "recorder.done" | "execution.dispatched" | "execution.completed" | "execution.failed" | "execution.cancelled" | "step.awaiting-approval" | "step.completed" | "step.failed" | "step.breached" | "step.cancelled" | "group.quorum-met" | "loop.iteration-started" | "loop.exhausted" | "document.migrated" | "document.add" | "document.update" | "document.delete" | "organization.add" | "organization.update" | "organization.delete" | "access.grant_add" | "access.grant_remove" | "crdt.version_save" | "crdt.version_restore" | "message.attempt.exhausted">;
  channels?: Array<string>;
  disabled?: boolean;
  rateLimit?: number;
  uid?: string;
  metadata?: Record<string, unknown>;
};
export type CreateGroupDto = {
  name: string;
  description?: string;
  agentIds?: Array<string>;
  metadata?: Record<string, unknown>;
};
export type CreateWorkspaceDto = {
  ownerEmail: string;
  name?: string;
  workspaceName?: string;
  avatar?: string;
};
export type DateRangeDto = {
  start?: unknown;
  end?: unknown;
};
export type DelayConfigDto = {
  isEnabled?: boolean;
  delaySeconds?: number;
};
export type DeleteActivitiesDto = {
  organizationId: string;
  documentId?: string;
  activityIds?: Array<string>;
  targetEntityId?: string;
};
export type DeleteAnnotationsDto = {
  organizationId?: string;
  documentId: string;
  from?: CommentUserDto;
  agentId?: string;
  agentSuggestions?: boolean;
  agentUrls?: Array<string>;
  annotationIds?: Array<string>;
  locationIds?: Array<string>;
  userIds?: Array<string>;
};
export type DeleteCommentsDto = {
  commentIds?: Array<number>;
  organizationId: string;
  documentId: string;
  from?: CommentUserDto;
  triggerNotification?: boolean;
  annotationId: string;
};
export type DeleteDefinitionDto = {
  purge?: boolean;
  definitionId: string;
  organizationId?: string;
  documentId?: string;
};
export type DeleteFoldersDto = {
  folderId?: string;
  folderIds?: Array<string>;
  organizationId: string;
};
export type DeleteLocationDataDto = {
  location: Record<string, unknown>;
  apiKey?: string;
  authToken?: string;
  documentId: string;
  organizationId?: string;
};
export type DeleteNotificationsDto = {
  notificationIds?: Array<string>;
  organizationId: string;
  documentId?: string;
  locationId?: string;
  userId?: string;
};
export type DeletePresenceDto = {
  userIds: Array<string>;
  organizationId: string;
  documentId: string;
};
export type DeleteUserDataDto = {
  userIds: Array<string>;
  organizationIds?: Array<string>;
};
export type DeleteUserGroupMembersDto = {
  organizationUserGroupId: string;
  userIds?: Array<string>;
  deleteAll?: boolean;
  organizationId: string;
};
export type DeleteUsersDto = {
  userIds: Array<string>;
  organizationId: string;
  documentId?: string;
  folderId?: string;
};
export type DeletionStatusDto = {
  jobId: string;
};
export type DeliveryRefDto = {
  deliveryId: string;
};
export type DemoFeedbackDto = {
  demoId: string;
  demoTitle: string;
  demoHtml: string;
  demoExpected: string;
  feedback: string;
};
export type DiffCrdtVersionsDto = {
  fromVersionId?: string;
  toVersionId?: string;
  from?: number;
  to?: number;
  organizationId: string;
  documentId: string;
  editorId: string;
};
export type DismissAlertDto = {
  user?: AlertUserDto;
  alertId: string;
};
export type DispatchExecutionDto = {
  definitionId: string;
  idempotencyKey?: string;
  correlationId?: string;
  triggerContext?: Record<string, unknown>;
  organizationId?: string;
  documentId?: string;
  folderId?: string;
  webhookUrl?: string;
  webhookSecret?: string;
};
export type DocumentIdsDto = {
  documentIds: Array<string>;
  organizationId: string;
};
export type DocumentInputDto = {
  documentId: string;
  documentName?: string;
  accessType?: "public" | "organizationPrivate" | "restricted";
  metadata?: Record<string, unknown>;
};
export type DocumentRefDto = {
  documentId: string;
  organizationId: string;
};
export type DocumentUpdateDto = {
  documentId: string;
  documentName?: string;
  accessType?: "public" | "organizationPrivate" | "restricted";
  disabled?: boolean;
  metadata?: Record<string, unknown>;
};
export type DomainsDto = {
  domains: Array<string>;
};
export type EdgeDto = {
  from: unknown;
  to: unknown;
  on?: "approve" | "reject" | "always" | "exhausted" | "custom";
  when?: string;
  loop?: LoopDto;
};
export type EmailServiceConfigDto = {
  type: "default" | "sendgrid" | "smtp";
  apiKey?: string;
  fromEmail?: string;
  fromCompany?: string;
  commentTemplateId?: string;
  tagTemplateId?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  username?: string;
  password?: string;
  triggers?: Record<string, unknown>;
};
export type EmailStatusDto = {
  ownerEmail: string;
};
export type EndpointRefDto = {
  endpointId: string;
};
export type ExecutionConfigDto = {
  executionStrategy?: "ai" | "service" | "service+ai" | "stagehand-agent" | "mcp-tools";
  serviceId?: string;
  aiConfig?: AgentAiConfigDto;
  mcpServers?: Array<Record<string, unknown>>;
  responseDescriptions?: Record<string, unknown>;
  strategyOptions?: Record<string, unknown>;
  knowledge?: KnowledgeDto;
};
export type ExecutionRefDto = {
  executionId: string;
};
export type ExtractDto = {
  fileBase64: string;
  mimeType: string;
  provider?: "gemini" | "claude" | "openai";
  fileName?: string;
};
export type FolderInputDto = {
  folderId: string;
  folderName?: string;
  parentFolderId?: string;
  accessType?: "public" | "organizationPrivate" | "restricted";
  metadata?: Record<string, unknown>;
};
export type FolderUpdateDto = {
  folderId: string;
  folderName?: string;
  parentFolderId?: string;
  accessType?: "public" | "organizationPrivate" | "restricted";
  metadata?: Record<string, unknown>;
};
export type GenerateSignatureDto = {
  permissions: Array<PermissionDataDto>;
};
export type GenerateTokenDto = {
  userId: string;
  userProperties?: UserPropertiesDto;
  permissions?: GrantListDto;
};
export type GenerateTokenV1Dto = {
  apiKey: string;
  authToken: string;
  userId: string;
  userProperties?: UserPropertiesV1Dto;
};
export type GetActivitiesDto = {
  organizationId: string;
  documentId?: string;
  targetEntityId?: string;
  featureTypes?: Array<"comment" | "reaction" | "recorder" | "crdt" | "custom" | "organization" | "document" | "access" | "workflow">;
  actionTypes?: Array<string>;
  userId?: string;
  activityIds?: Array<string>;
  startTime?: number;
  endTime?: number;
  order?: "asc" | "desc";
  pageSize?: number;
  pageToken?: string;
};
export type GetAgentsDto = {
  agentId?: string;
  filter?: "defaultOnly" | "customOnly";
  groupId?: string;
};
export type GetAnnotationsDto = {
  documentId?: string;
  documentIds?: Array<string>;
  groupByDocumentId?: boolean;
  locationIds?: Array<string>;
  folderId?: string;
  annotationIds?: Array<string>;
  userIds?: Array<string>;
  mentionedUserIds?: Array<string>;
  resolvedBy?: string;
  statusIds?: Array<string>;
  statusId?: string;
  order?: "asc" | "desc";
  updatedAfter?: number;
  updatedBefore?: number;
  createdAfter?: number;
  createdBefore?: number;
  agentId?: string;
  executionId?: string;
  agentType?: "built-in" | "custom" | "external";
  agentSource?: "velt" | "external";
  agentSuggestions?: boolean;
  agentComments?: boolean;
  from?: CommentUserDto;
  organizationId: string;
  pageSize?: number;
  pageToken?: string;
};
export type GetCommentsDto = {
  commentIds?: Array<number>;
  userIds?: Array<string>;
  annotationId: string;
  organizationId: string;
  documentId: string;
  from?: CommentUserDto;
  pageSize?: number;
  pageToken?: string;
};
export type GetCrdtDto = {
  editorId?: string;
  organizationId: string;
  documentId: string;
};
export type GetCrdtVersionsDto = {
  organizationId: string;
  documentId: string;
  editorId: string;
  versionId?: string;
  pageSize?: number;
  pageToken?: string;
};
export type GetDefinitionDto = {
  definitionId: string;
  organizationId?: string;
  documentId?: string;
};
export type GetDocumentNotificationConfigDto = {
  documentIds: Array<string>;
  organizationId: string;
  userId: string;
};
export type GetDocumentsDto = {
  organizationId: string;
  documentIds?: Array<string>;
  folderId?: string;
  pageSize?: number;
  pageToken?: string;
};
export type GetExecutionDto = {
  executionId: string;
  includeResults?: boolean;
};
export type GetExecutionEventsDto = {
  sinceSeq?: number;
  pageSize?: number;
  executionId: string;
};
export type GetFoldersDto = {
  organizationId: string;
  folderId?: string;
  maxDepth?: number;
  folderIds?: Array<string>;
  parentFolderId?: string;
  pageSize?: number;
  pageToken?: string;
};
export type GetLiveStateDto = {
  liveStateDataId?: string;
  organizationId: string;
  documentId: string;
};
export type GetNotificationConfigDto = {
  documentIds?: Array<string>;
  getOrganizationConfig?: boolean;
  organizationId: string;
  userId: string;
};
export type GetNotificationsDto = {
  notificationIds?: Array<string>;
  order?: "asc" | "desc";
  unread?: boolean;
  documentId?: string;
  locationId?: string;
  userId?: string;
  organizationId: string;
  pageSize?: number;
  pageToken?: string;
};
export type GetOrganizationsDto = {
  organizationIds?: Array<string>;
  pageSize?: number;
  pageToken?: string;
};
export type GetPermissionsDto = {
  organizationId: string;
  userIds: Array<string>;
  folderIds?: Array<string>;
  documentIds?: Array<string>;
};
export type GetProfileDto = {
  targetUserId?: string;
};
export type GetUserDataDto = {
  organizationId: string;
  userId: string;
  pageToken?: string;
};
export type GetUsersDto = {
  userIds?: Array<string>;
  organizationUserGroupIds?: Array<string>;
  allDocuments?: boolean;
  groupByDocumentId?: boolean;
  documentId?: string;
  folderId?: string;
  organizationId: string;
  pageSize?: number;
  pageToken?: string;
};
export type GrantListDto = {
  resources: Array<ResourceGrantDto>;
};
export type GroupDto = {
  groupId: string;
  memberNodeIds: Array<string>;
  expectedSteps: number;
  quorum: number;
  onQuorumMet?: "waitAll" | "cancelOnQuorum" | "joinOnQuorum";
  requiredNodeIds?: Array<string>;
};
export type GroupMembersDto = {
  groupId: string;
  agentIds: Array<string>;
};
export type GroupRefDto = {
  groupId: string;
};
export type IngestKnowledgeDto = {
  source: "inline" | "fileRef";
  file?: InlineFileDto;
  fileRef?: string;
  mimeType?: "application/pdf" | "text/csv" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" | "text/plain";
  organizationId?: string;
  documentId?: string;
  user?: UploaderDto;
};
export type InlineFileDto = {
  base64: string;
  mimeType: "application/pdf" | "text/csv" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" | "text/plain";
  fileName: string;
  fileSize: number;
};
export type JudgmentFiltersDto = {
  annotationId?: string;
  dateRange?: DateRangeDto;
  excludeDocumentIds?: Array<string>;
  decision?: "comment" | "resolve" | "approved" | "rejected" | "in_progress" | "agree" | "disagree" | "endorse" | "document_approved" | "document_rejected";
  judgeType?: "human" | "agent";
  contentType?: string;
  reviewerId?: string;
};
export type KnowledgeDto = {
  useMemory?: boolean;
  maxChunks?: number;
  maxPatterns?: number;
  maxActivities?: number;
};
export type LinkSignInDto = {
  token: string;
};
export type ListApiKeysDto = {
  apiKeys?: Array<string>;
  pageSize?: number;
  pageToken?: string;
};
export type ListAuditEventsDto = {
  action?: string;
  apiKey?: string;
  pageSize?: number;
  pageToken?: string;
};
export type ListDefinitionsDto = {
  pageSize?: number;
  cursor?: number;
};
export type ListDeliveriesDto = {
  status?: "pending" | "succeeded" | "failed" | "cancelled";
  event?: "comment_annotation.add" | "comment.add" | "comment.update" | "comment.delete" | "comment_annotation.status_change" | "comment_annotation.assign" | "comment_annotation.priority_change" | "comment.reaction_add" | "comment.reaction_delete" | "comment_annotation.subscribe" | "comment_annotation.unsubscribe" | "document.migrated" | "organization.add" | "organization.update" | "organization.delete" | "document.add" | "document.update" | "document.delete" | "access.grant_add" | "access.grant_remove" | "crdt.update_data" | "crdt.version_save" | "crdt.version_restore" | "execution.dispatched" | "execution.completed" | "execution.failed" | "execution.cancelled" | "step.awaiting-approval" | "step.completed" | "step.failed" | "step.breached" | "step.cancelled" | "group.quorum-met" | "loop.iteration-started" | "loop.exhausted" | "message.attempt.exhausted" | "webhook.test";
  endpointId?: string;
  createdAfter?: string;
  createdBefore?: string;
  pageSize?: number;
  pageToken?: string;
};
export type ListEmailMessagesDto = {
  status?: "pending" | "sent" | "skipped" | "failed";
  reason?: "mention" | "assign" | "review" | "workflow" | "console-login";
  userId?: string;
  pageSize?: number;
  pageToken?: string;
};
export type ListEndpointsDto = {
  limit?: number;
  iterator?: string;
};
export type ListExecutionsDto = {
  agentId?: string;
  organizationId?: string;
  documentId?: string;
  pageSize?: number;
  pageToken?: string;
};
export type ListExecutionsDto2 = {
  definitionId?: string;
  status?: "pending" | "running" | "completed" | "failed" | "cancelled";
  pageSize?: number;
  cursor?: string;
};
export type LocationMigrationDto = {
  oldLocation: Record<string, unknown>;
  newLocation: Record<string, unknown>;
};
export type LoopDto = {
  maxIterations: number;
};
export type MigrateDocumentDto = {
  documentId: string;
  newDocumentId: string;
  organizationId: string;
};
export type MigrationStatusDto = {
  migrationId: string;
  organizationId: string;
};
export type MoveDocumentsDto = {
  folderId: string;
  organizationId: string;
  documentIds: Array<string>;
};
export type NewActivityDto = {
  id?: string;
  featureType: "comment" | "reaction" | "recorder" | "crdt" | "custom";
  actionType: string;
  eventType?: string;
  actionUser: UserRefDto;
  targetEntityId?: string;
  targetSubEntityId?: string;
  isActivityResolverUsed?: boolean;
  changes?: Record<string, unknown>;
  entityData?: unknown;
  entityTargetData?: unknown;
  displayMessageTemplate?: string;
  displayMessageTemplateData?: Record<string, unknown>;
  actionIcon?: string;
};
export type NewAnnotationDto = {
  annotationId?: string;
  commentData: Array<NewCommentDto>;
  assignedTo?: CommentUserDto;
  priority?: PriorityDto;
  createdAt?: number;
  lastUpdated?: number;
  type?: "comment" | "suggestion";
  commentType?: "manual" | "chart" | "suggestion";
  visibility?: VisibilityDto;
  location?: Record<string, unknown>;
  targetElement?: Record<string, unknown>;
  status?: StatusDto;
  context?: Record<string, unknown>;
  suggestion?: Record<string, unknown>;
};
export type NewCommentDto = {
  commentId?: number;
  from: CommentUserDto;
  createdAt?: number;
  lastUpdated?: number;
  triggerNotification?: boolean;
  triggerActivities?: boolean;
  agent?: Record<string, unknown>;
  commentText?: string;
  commentHtml?: string;
  context?: Record<string, unknown>;
  isCommentResolverUsed?: boolean;
  isCommentTextAvailable?: boolean;
  taggedUserContacts?: Array<TaggedUserContactDto>;
  attachments?: Array<Record<string, unknown>>;
};
export type NodeDto = {
  nodeId: string;
  type: "agent" | "human" | "notification" | "webhook";
  config: Record<string, unknown>;
  slaMs?: number;
  requireNonEmptyOutput?: boolean;
  name?: string;
  description?: string;
};
export type NotificationChangeDto = {
  id: string;
  actionUser?: UserRefDto;
  displayHeadlineMessageTemplate?: string;
  displayHeadlineMessageTemplateData?: Record<string, unknown>;
  displayBodyMessage?: string;
  notificationSourceData?: Record<string, unknown>;
  readByUserIds?: Array<string>;
  persistReadForUsers?: boolean;
};
export type NotificationServiceConfigDto = {
  triggers?: TriggerGroupsDto;
  delayConfig?: DelayConfigDto;
  batchConfig?: BatchConfigDto;
};
export type OrganizationIdsDto = {
  organizationIds: Array<string>;
};
export type OrganizationInputDto = {
  organizationId: string;
  organizationName?: string;
  metadata?: Record<string, unknown>;
};
export type PermissionDataDto = {
  userId: string;
  resourceId: string;
  type: "organization" | "folder" | "document";
  hasAccess: boolean;
  accessRole?: "viewer" | "editor";
  expiresAt?: number;
};
export type PermissionProviderSettingsDto = {
  permissionProviderUrl?: string;
  authToken?: string;
};
export type PermissionUserDto = {
  userId: string;
};
export type PostProcessDto = {
  guardrails?: StageToggleDto;
  deletePreviousSuggestions?: StageToggleDto;
  annotations?: AnnotationsStageDto;
  analytics?: StageToggleDto;
  matchAndMerge?: StageToggleDto;
  customProcessors?: Array<string>;
};
export type PreferencesDto = {
  inbox?: "ALL" | "MINE" | "NONE";
  email?: "ALL" | "MINE" | "NONE";
  slack?: "ALL" | "MINE" | "NONE";
};
export type PresenceUserDto = {
  status?: string;
  userId: string;
  name?: string;
  email?: string;
};
export type PriorityDto = {
  id: string;
  name: string;
  color?: string;
  lightColor?: string;
};
export type PromptDto = {
  prompt: string;
  provider?: "gemini" | "claude" | "openai";
  userContextFields?: Array<UserContextFieldDto>;
};
export type QueryJudgmentsDto = {
  organizationId?: string;
  documentId?: string;
  annotationId?: string;
  limit?: number;
  decision?: "comment" | "resolve" | "approved" | "rejected" | "in_progress" | "agree" | "disagree" | "endorse" | "document_approved" | "document_rejected";
  judgeType?: "human" | "agent";
  contentType?: string;
  reviewerId?: string;
};
export type RanByDto = {
  userId: string;
  name?: string;
  email?: string;
};
export type ReactionsDto = {
  commentId: number;
  icons: Array<string>;
  organizationId: string;
  documentId: string;
  from?: CommentUserDto;
  triggerNotification?: boolean;
  annotationId: string;
};
export type RecordAgentResolutionDto = {
  responseId: string;
  resolution: "resolved" | "rejected";
  actorId: string;
  reason?: string;
  executionId: string;
  stepId: string;
};
export type RecordReviewerDecisionDto = {
  reviewerId: string;
  decision: "approve" | "reject";
  reason?: string;
  executionId: string;
  stepId: string;
};
export type RefinePromptDto = {
  analysisPrompt: string;
  demoFeedback: Array<DemoFeedbackDto>;
  provider?: "gemini" | "claude" | "openai";
};
export type RemovePermissionsDto = {
  userId: string;
  permissions: ResourceListDto;
};
export type ResolveConfigDto = {
  instructions: string;
  rawInstructions?: string;
  provider?: "gemini" | "claude" | "openai";
};
export type ResolveStepDto = {
  action: "force-approve" | "force-reject" | "force-complete" | "force-fail" | "reviewer-approve" | "reviewer-reject";
  actorId: string;
  output?: Record<string, unknown>;
  reason?: string;
  executionId: string;
  stepId: string;
};
export type ResourceGrantDto = {
  accessRole?: "viewer" | "editor";
  expiresAt?: number;
  type: "organization" | "folder" | "document";
  id: string;
  organizationId?: string;
};
export type ResourceListDto = {
  resources: Array<ResourceRefDto>;
};
export type ResourceRefDto = {
  type: "organization" | "folder" | "document";
  id: string;
  organizationId?: string;
};
export type RestoreCrdtVersionDto = {
  versionId: string;
  userId?: string;
  organizationId: string;
  documentId: string;
  editorId: string;
};
export type RetryDeliveriesDto = {
  deliveryIds?: Array<string>;
  failedSince?: string;
  endpointId?: string;
};
export type RevokeAuthTokenDto = {
  apiKey: string;
  authTokenId: string;
};
export type RunAiConfigDto = {
  provider?: "gemini" | "claude" | "openai";
  model?: string;
  defaultModels?: Record<string, unknown>;
  maxToolTurns?: number;
};
export type RunExecutionDto = {
  agentId: string;
  url: string;
  crossPageExecute?: boolean;
  maxUrlsToProcess?: number;
  deviceType?: "mobile" | "desktop";
  organizationId: string;
  documentId: string;
  annotationVisibility?: "public" | "private";
  trigger?: "standalone" | "workflow";
  workflowExecutionId?: string;
  ranBy?: RanByDto;
  userContext?: Record<string, unknown>;
  aiConfig?: RunAiConfigDto;
};
export type SaveCrdtVersionDto = {
  versionName: string;
  userId?: string;
  organizationId: string;
  documentId: string;
  editorId: string;
};
export type ScopeDto = {
  level: "apiKey" | "organization" | "document";
  organizationId?: string;
  documentId?: string;
};
export type SearchDocumentsDto = {
  organizationId: string;
  pageSize?: number;
  pageToken?: string;
  prefix: string;
  searchBy: "id" | "name";
};
export type SearchJudgmentsDto = {
  query: string;
  embeddingType?: "review" | "content";
  scope?: "document" | "organization" | "apiKey";
  limit?: number;
  filters?: JudgmentFiltersDto;
  recencyDays?: number;
  organizationId?: string;
  orgId?: string;
  documentId?: string;
  docId?: string;
};
export type SearchKnowledgeDto = {
  query: string;
  sourceId?: unknown;
  limit?: number;
  includeRules?: boolean;
};
export type SearchOrganizationsDto = {
  pageSize?: number;
  pageToken?: string;
  prefix: string;
  searchBy: "id" | "name";
};
export type SendLoginLinkDto = {
  email: string;
  continueUrl: string;
};
export type SetDocumentNotificationConfigDto = {
  documentIds: Array<string>;
  organizationId: string;
  userIds: Array<string>;
  config: PreferencesDto;
};
export type SetNotificationConfigDto = {
  documentIds?: Array<string>;
  organizationId: string;
  userIds: Array<string>;
  config: PreferencesDto;
};
export type SourceRefDto = {
  sourceId: string;
};
export type StageToggleDto = {
  enabled?: boolean;
};
export type StatusDto = {
  id: string;
  name: string;
  type: "default" | "ongoing" | "terminal";
  color?: string;
  lightColor?: string;
  svg?: string;
  iconUrl?: string;
};
export type SuggestDecisionDto = {
  query: string;
  organizationId?: string;
  documentId?: string;
};
export type TaggedUserContactDto = {
  userId?: string;
  organizationUserGroupId?: string;
  contact?: CommentUserDto;
  text?: string;
};
export type TestDeliveryDto = {
  endpointId?: string;
};
export type TriggerGroupsDto = {
  comment?: Record<string, unknown>;
  huddle?: Record<string, unknown>;
};
export type UpdateActivitiesDto = {
  organizationId: string;
  activities: Array<ActivityUpdateDto>;
};
export type UpdateActivityConfigDto = {
  activityServiceConfig: ActivityServiceConfigDto;
};
export type UpdateAdvancedWebhookConfigDto = {
  isEnabled?: boolean;
  encryptData?: boolean;
  encodeData?: boolean;
  publicKey?: string;
  enableDataProtection?: boolean;
};
export type UpdateAgentDto = {
  agentId: string;
  name?: string;
  description?: string;
  enabled?: boolean;
};
export type UpdateAgentEndpointDto = {
  url?: string;
  secret?: string;
  timeoutMs?: number;
};
export type UpdateAgentVersionDto = {
  agentId: string;
  contextGathering?: ContextGatheringDto;
  execution?: ExecutionConfigDto;
  rawInstructions?: string;
  instructions?: string;
  phaseTimeoutMs?: number;
  metadata?: Record<string, unknown>;
  response?: Record<string, unknown>;
  postProcess?: PostProcessDto;
  input?: Record<string, unknown>;
  scope?: Record<string, unknown>;
  setup?: Record<string, unknown>;
};
export type UpdateAlertConfigDto = {
  config: Record<string, unknown>;
};
export type UpdateAnnotationsDto = {
  updatedData?: AnnotationChangeDto;
  updateUsers?: Array<UpdateUserDto>;
  triggerNotification?: boolean;
  organizationId: string;
  documentId: string;
  from?: CommentUserDto;
  annotationIds?: Array<string>;
  locationIds?: Array<string>;
  userIds?: Array<string>;
};
export type UpdateApiKeyConfigDto = {
  enablePrivateComments?: boolean;
  requireJwtToken?: boolean;
  requireAutoOrgUser?: boolean;
  defaultDocumentAccessType?: "public" | "restricted" | "organizationPrivate";
  aiModelApiKey?: Array<AiModelApiKeyDto>;
};
export type UpdateApiKeyDto = {
  apiKey: string;
  apiKeyName: string;
};
export type UpdateCommentsDto = {
  commentIds: Array<number>;
  updatedData: CommentChangeDto;
  organizationId: string;
  documentId: string;
  from?: CommentUserDto;
  triggerNotification?: boolean;
  annotationId: string;
};
export type UpdateDefinitionDto = {
  ifVersion: number;
  definitionId: string;
  name: string;
  description?: string;
  scope?: ScopeDto;
  nodes: Array<NodeDto>;
  edges: Array<EdgeDto>;
  groups?: Array<GroupDto>;
  triggers?: Array<Record<string, unknown>>;
  webhookConfig?: WebhookConfigDto;
  tags?: Array<string>;
  custom?: Record<string, unknown>;
  organizationId?: string;
  documentId?: string;
};
export type UpdateDisabledStateDto = {
  disabled: boolean;
  createOrganization?: boolean;
  organizationIds: Array<string>;
};
export type UpdateDocumentAccessDto = {
  accessType: "public" | "organizationPrivate" | "restricted";
  organizationId: string;
  documentIds: Array<string>;
};
export type UpdateDocumentDisabledStateDto = {
  disabled: boolean;
  organizationId: string;
  documentIds: Array<string>;
};
export type UpdateDocumentsDto = {
  documents: Array<DocumentUpdateDto>;
  organizationId: string;
};
export type UpdateEmailConfigDto = {
  useEmailService?: boolean;
  emailServiceConfig?: EmailServiceConfigDto;
};
export type UpdateEndpointDto = {
  endpointId: string;
  url?: string;
  description?: string;
  filterTypes?: Array<"comment_annotation.add" | "comment_annotation.assign" | "comment_annotation.status_change" | "comment_annotation.priority_change" | "comment_annotation.custom_list_change" | "comment_annotation.subscribe" | "comment_annotation.unsubscribe" | "comment_annotation.accept" | "comment_annotation.reject" | "comment_annotation.approve" | "comment_annotation.suggestion_accept" | "comment_annotation.suggestion_reject" | "comment.add" | "comment.update" | "comment.delete" | "comment.reaction_add" | "comment.reaction_delete" | "huddle.create" | "huddle.join" | "crdt.update_data" | "recorder.done" | "execution.dispatched" | "execution.completed" | "execution.failed" | "execution.cancelled" | "step.awaiting-approval" | "step.completed" | "step.failed" | "step.breached" | "step.cancelled" | "group.quorum-met" | "loop.iteration-started" | "loop.exhausted" | "document.migrated" | "document.add" | "document.update" | "document.delete" | "organization.add" | "organization.update" | "organization.delete" | "access.grant_add" | "access.grant_remove" | "crdt.version_save" | "crdt.version_restore" | "message.attempt.exhausted">;
  channels?: Array<string>;
  disabled?: boolean;
  rateLimit?: number;
  metadata?: Record<string, unknown>;
};
export type UpdateFolderAccessDto = {
  accessType?: "public" | "organizationPrivate" | "restricted";
  inheritFromParent?: boolean;
  organizationId: string;
  folderIds: Array<string>;
};
export type UpdateFolderAccessV1Dto = {
  accessType: "public" | "organizationPrivate" | "restricted";
  organizationId: string;
  folderIds: Array<string>;
};
export type UpdateFoldersDto = {
  folders: Array<FolderUpdateDto>;
  organizationId: string;
};
export type UpdateGroupDto = {
  name?: string;
  description?: string;
  groupId: string;
};
export type UpdateKnowledgeDto = {
  newContent: string;
  sourceId: string;
};
export type UpdateLocationDto = {
  migrate: LocationMigrationDto;
  merge?: boolean;
  apiKey?: string;
  authToken?: string;
  documentId: string;
  organizationId?: string;
};
export type UpdateNotificationsDto = {
  verifyUserPermissions?: boolean;
  notifications: Array<NotificationChangeDto>;
  organizationId: string;
  documentId?: string;
  locationId?: string;
  userId?: string;
};
export type UpdateOrganizationsDto = {
  organizations: Array<OrganizationInputDto>;
};
export type UpdatePermissionProviderConfigDto = {
  usePermissionProvider?: boolean;
  permissionProviderConfig?: PermissionProviderSettingsDto;
};
export type UpdateUserDto = {
  oldUser: CommentUserDto;
  newUser: CommentUserDto;
};
export type UpdateWebhookConfigDto = {
  useWebhookService?: boolean;
  webhookServiceConfig?: WebhookServiceConfigDto;
};
export type UpdateWorkspaceNotificationConfigDto = {
  useNotificationService?: boolean;
  notificationServiceConfig?: NotificationServiceConfigDto;
};
export type UploaderDto = {
  userId: string;
};
export type UploadUrlDto = {
  mimeType: "application/pdf" | "text/csv" | "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" | "text/plain";
  fileSize: number;
  fileName?: string;
  organizationId?: string;
  documentId?: string;
  user?: UploaderDto;
};
export type UserContextFieldDto = {
  id: string;
  title: string;
  type: "string" | "number" | "boolean";
  example?: string;
  required?: boolean;
  defaultValue?: unknown;
};
export type UserGroupInputDto = {
  groupId: string;
  groupName?: string;
};
export type UserInputDto = {
  accessRole?: "viewer" | "editor";
  photoUrl?: string;
  plan?: string;
  color?: string;
  textColor?: string;
  type?: string;
  isReadOnly?: boolean;
  isAnonymous?: boolean;
  isGuest?: boolean;
  isAdmin?: boolean;
  groupId?: string;
  clientGroupId?: string;
  initial?: string;
  organizationId?: string;
  userId: string;
  name?: string;
  email?: string;
};
export type UserPropertiesDto = {
  name?: string;
  email?: string;
  isAdmin?: boolean;
};
export type UserPropertiesV1Dto = {
  organizationId: string;
  isAdmin?: boolean;
  email?: string;
};
export type UserRefDto = {
  userId: string;
  name?: string;
  email?: string;
};
export type VisibilityDto = {
  type: "public" | "organizationPrivate" | "restricted";
  organizationId?: string;
  userIds?: Array<string>;
};
export type WebhookConfigDto = {
  url: string;
  secret: string;
  eventTypes?: Array<string>;
};
export type WebhookServiceConfigDto = {
  authToken?: string;
  rawNotificationUrl?: string;
  processedNotificationUrl?: string;
  encodeData?: boolean;
  encryptData?: boolean;
  publicKey?: string;
  triggers?: {
    "comment_annotation.add"?: boolean;
    "comment.add"?: boolean;
    "comment.update"?: boolean;
    "comment.delete"?: boolean;
    "comment_annotation.status_change"?: boolean;
    "comment_annotation.assign"?: boolean;
    "comment_annotation.priority_change"?: boolean;
    "comment.reaction_add"?: boolean;
    "comment.reaction_delete"?: boolean;
    "comment_annotation.subscribe"?: boolean;
    "comment_annotation.unsubscribe"?: boolean;
    "document.migrated"?: boolean;
    "organization.add"?: boolean;
    "organization.update"?: boolean;
    "organization.delete"?: boolean;
    "document.add"?: boolean;
    "document.update"?: boolean;
    "document.delete"?: boolean;
    "access.grant_add"?: boolean;
    "access.grant_remove"?: boolean;
    "crdt.update_data"?: boolean;
    "crdt.version_save"?: boolean;
    "crdt.version_restore"?: boolean;
    "execution.dispatched"?: boolean;
    "execution.completed"?: boolean;
    "execution.failed"?: boolean;
    "execution.cancelled"?: boolean;
    "step.awaiting-approval"?: boolean;
    "step.completed"?: boolean;
    "step.failed"?: boolean;
    "step.breached"?: boolean;
    "step.cancelled"?: boolean;
    "group.quorum-met"?: boolean;
    "loop.iteration-started"?: boolean;
    "loop.exhausted"?: boolean;
    "comment_annotation.custom_list_change"?: boolean;
    "comment_annotation.accept"?: boolean;
    "comment_annotation.reject"?: boolean;
    "comment_annotation.approve"?: boolean;
    "comment_annotation.suggestion_accept"?: boolean;
    "comment_annotation.suggestion_reject"?: boolean;
    "huddle.create"?: boolean;
    "huddle.join"?: boolean;
    "recorder.done"?: boolean;
    "huddle.add"?: boolean;
    "huddle.update"?: boolean;
    "huddle.delete"?: boolean;
    comment?: {
      add?: boolean;
      update?: boolean;
      delete?: boolean;
    };
    huddle?: {
      add?: boolean;
      update?: boolean;
      delete?: boolean;
    };
    recorder?: {
      done?: boolean;
    };
  };
};
export type WriteCrdtDto = {
  data: unknown;
  type: "text" | "map" | "array" | "xml";
  contentKey?: string;
  organizationId: string;
  documentId: string;
  editorId: string;
};
export type WritePresenceDto = {
  users: Array<PresenceUserDto>;
  organizationId: string;
  documentId: string;
};
export type WriteUsersDto = {
  users: Array<UserInputDto>;
  organizationId: string;
  documentId?: string;
  folderId?: string;
};

export interface Operations {
  '/v2/activities/add': { body: AddActivitiesDto; credentials: 'apiKey' };
  '/v2/activities/delete': { body: DeleteActivitiesDto; credentials: 'apiKey' };
  '/v2/activities/get': { body: GetActivitiesDto; credentials: 'apiKey' };
  '/v2/activities/update': { body: UpdateActivitiesDto; credentials: 'apiKey' };
  '/v2/agents/analytics/get': { body: AnalyticsDto; credentials: 'apiKey' };
  '/v2/agents/config/resolve': { body: ResolveConfigDto; credentials: 'apiKey' };
  '/v2/agents/create': { body: CreateAgentDto; credentials: 'apiKey' };
  '/v2/agents/delete': { body: AgentRefDto; credentials: 'apiKey' };
  '/v2/agents/execution/count': { body: CountExecutionsDto; credentials: 'apiKey' };
  '/v2/agents/execution/get': { body: GetExecutionDto; credentials: 'apiKey' };
  '/v2/agents/execution/list': { body: ListExecutionsDto; credentials: 'apiKey' };
  '/v2/agents/execution/run': { body: RunExecutionDto; credentials: 'apiKey' };
  '/v2/agents/extract': { body: ExtractDto; credentials: 'apiKey' };
  '/v2/agents/get': { body: GetAgentsDto; credentials: 'apiKey' };
  '/v2/agents/groups/add-agents': { body: GroupMembersDto; credentials: 'apiKey' };
  '/v2/agents/groups/create': { body: CreateGroupDto; credentials: 'apiKey' };
  '/v2/agents/groups/delete': { body: GroupRefDto; credentials: 'apiKey' };
  '/v2/agents/groups/get': { body: GroupRefDto; credentials: 'apiKey' };
  '/v2/agents/groups/list': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/agents/groups/remove-agents': { body: GroupMembersDto; credentials: 'apiKey' };
  '/v2/agents/groups/update': { body: UpdateGroupDto; credentials: 'apiKey' };
  '/v2/agents/prompt/enhance': { body: PromptDto; credentials: 'apiKey' };
  '/v2/agents/prompt/refine': { body: RefinePromptDto; credentials: 'apiKey' };
  '/v2/agents/prompt/validate': { body: PromptDto; credentials: 'apiKey' };
  '/v2/agents/update': { body: UpdateAgentDto; credentials: 'apiKey' };
  '/v2/agents/version/update': { body: UpdateAgentVersionDto; credentials: 'apiKey' };
  '/v2/agents/versions/list': { body: AgentRefDto; credentials: 'apiKey' };
  '/v2/agents/versions/restore': { body: AgentRefDto; credentials: 'apiKey' };
  '/v2/auth/generate_signature': { body: GenerateSignatureDto; credentials: 'apiKey' };
  '/v2/auth/generate_token': { body: GenerateTokenDto; credentials: 'apiKey' };
  '/v2/auth/permissions/add': { body: AddPermissionsDto; credentials: 'apiKey' };
  '/v2/auth/permissions/get': { body: GetPermissionsDto; credentials: 'apiKey' };
  '/v2/auth/permissions/remove': { body: RemovePermissionsDto; credentials: 'apiKey' };
  '/v2/commentannotations/add': { body: AddAnnotationsDto; credentials: 'apiKey' };
  '/v2/commentannotations/comments/add': { body: AddCommentsDto; credentials: 'apiKey' };
  '/v2/commentannotations/comments/delete': { body: DeleteCommentsDto; credentials: 'apiKey' };
  '/v2/commentannotations/comments/get': { body: GetCommentsDto; credentials: 'apiKey' };
  '/v2/commentannotations/comments/reactions/add': { body: ReactionsDto; credentials: 'apiKey' };
  '/v2/commentannotations/comments/reactions/delete': { body: ReactionsDto; credentials: 'apiKey' };
  '/v2/commentannotations/comments/update': { body: UpdateCommentsDto; credentials: 'apiKey' };
  '/v2/commentannotations/count/get': { body: CountAnnotationsDto; credentials: 'apiKey' };
  '/v2/commentannotations/delete': { body: DeleteAnnotationsDto; credentials: 'apiKey' };
  '/v2/commentannotations/get': { body: GetAnnotationsDto; credentials: 'apiKey' };
  '/v2/commentannotations/update': { body: UpdateAnnotationsDto; credentials: 'apiKey' };
  '/v2/crdt/add': { body: WriteCrdtDto; credentials: 'apiKey' };
  '/v2/crdt/get': { body: GetCrdtDto; credentials: 'apiKey' };
  '/v2/crdt/update': { body: WriteCrdtDto; credentials: 'apiKey' };
  '/v2/crdt/versions/config/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/crdt/versions/config/update': { body: CrdtVersionPolicyDto; credentials: 'apiKey' };
  '/v2/crdt/versions/diff': { body: DiffCrdtVersionsDto; credentials: 'apiKey' };
  '/v2/crdt/versions/get': { body: GetCrdtVersionsDto; credentials: 'apiKey' };
  '/v2/crdt/versions/restore': { body: RestoreCrdtVersionDto; credentials: 'apiKey' };
  '/v2/crdt/versions/save': { body: SaveCrdtVersionDto; credentials: 'apiKey' };
  '/v2/livestate/broadcast': { body: BroadcastLiveStateDto; credentials: 'apiKey' };
  '/v2/livestate/get': { body: GetLiveStateDto; credentials: 'apiKey' };
  '/v2/memory/alerts/action': { body: AlertRefDto; credentials: 'apiKey' };
  '/v2/memory/alerts/config/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/memory/alerts/config/update': { body: UpdateAlertConfigDto; credentials: 'apiKey' };
  '/v2/memory/alerts/dismiss': { body: DismissAlertDto; credentials: 'apiKey' };
  '/v2/memory/alerts/list': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/memory/ask': { body: AskMemoryDto; credentials: 'apiKey' };
  '/v2/memory/judgments/query': { body: QueryJudgmentsDto; credentials: 'apiKey' };
  '/v2/memory/knowledge/delete': { body: SourceRefDto; credentials: 'apiKey' };
  '/v2/memory/knowledge/download': { body: SourceRefDto; credentials: 'apiKey' };
  '/v2/memory/knowledge/ingest': { body: IngestKnowledgeDto; credentials: 'apiKey' };
  '/v2/memory/knowledge/ingest-status': { body: SourceRefDto; credentials: 'apiKey' };
  '/v2/memory/knowledge/list': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/memory/knowledge/rules': { body: SourceRefDto; credentials: 'apiKey' };
  '/v2/memory/knowledge/search': { body: SearchKnowledgeDto; credentials: 'apiKey' };
  '/v2/memory/knowledge/update': { body: UpdateKnowledgeDto; credentials: 'apiKey' };
  '/v2/memory/knowledge/upload-url': { body: UploadUrlDto; credentials: 'apiKey' };
  '/v2/memory/patterns/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/memory/profiles/get': { body: GetProfileDto; credentials: 'apiKey' };
  '/v2/memory/search': { body: SearchJudgmentsDto; credentials: 'apiKey' };
  '/v2/memory/stats/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/memory/suggest': { body: SuggestDecisionDto; credentials: 'apiKey' };
  '/v2/notifications/add': { body: AddNotificationDto; credentials: 'apiKey' };
  '/v2/notifications/config/get': { body: GetNotificationConfigDto; credentials: 'apiKey' };
  '/v2/notifications/config/set': { body: SetNotificationConfigDto; credentials: 'apiKey' };
  '/v2/notifications/delete': { body: DeleteNotificationsDto; credentials: 'apiKey' };
  '/v2/notifications/get': { body: GetNotificationsDto; credentials: 'apiKey' };
  '/v2/notifications/update': { body: UpdateNotificationsDto; credentials: 'apiKey' };
  '/v2/organizations/access/disablestate/update': { body: UpdateDisabledStateDto; credentials: 'apiKey' };
  '/v2/organizations/add': { body: AddOrganizationsDto; credentials: 'apiKey' };
  '/v2/organizations/delete': { body: OrganizationIdsDto; credentials: 'apiKey' };
  '/v2/organizations/documents/access/disablestate/update': { body: UpdateDocumentDisabledStateDto; credentials: 'apiKey' };
  '/v2/organizations/documents/access/get': { body: DocumentRefDto; credentials: 'apiKey' };
  '/v2/organizations/documents/access/update': { body: UpdateDocumentAccessDto; credentials: 'apiKey' };
  '/v2/organizations/documents/add': { body: AddDocumentsDto; credentials: 'apiKey' };
  '/v2/organizations/documents/delete': { body: DocumentIdsDto; credentials: 'apiKey' };
  '/v2/organizations/documents/get': { body: GetDocumentsDto; credentials: 'apiKey' };
  '/v2/organizations/documents/migrate': { body: MigrateDocumentDto; credentials: 'apiKey' };
  '/v2/organizations/documents/migrate/status': { body: MigrationStatusDto; credentials: 'apiKey' };
  '/v2/organizations/documents/move': { body: MoveDocumentsDto; credentials: 'apiKey' };
  '/v2/organizations/documents/search': { body: SearchDocumentsDto; credentials: 'apiKey' };
  '/v2/organizations/documents/update': { body: UpdateDocumentsDto; credentials: 'apiKey' };
  '/v2/organizations/folders/access/update': { body: UpdateFolderAccessDto; credentials: 'apiKey' };
  '/v2/organizations/folders/add': { body: AddFoldersDto; credentials: 'apiKey' };
  '/v2/organizations/folders/delete': { body: DeleteFoldersDto; credentials: 'apiKey' };
  '/v2/organizations/folders/get': { body: GetFoldersDto; credentials: 'apiKey' };
  '/v2/organizations/folders/update': { body: UpdateFoldersDto; credentials: 'apiKey' };
  '/v2/organizations/get': { body: GetOrganizationsDto; credentials: 'apiKey' };
  '/v2/organizations/search': { body: SearchOrganizationsDto; credentials: 'apiKey' };
  '/v2/organizations/update': { body: UpdateOrganizationsDto; credentials: 'apiKey' };
  '/v2/organizations/usergroups/add': { body: AddUserGroupsDto; credentials: 'apiKey' };
  '/v2/organizations/usergroups/users/add': { body: AddUserGroupMembersDto; credentials: 'apiKey' };
  '/v2/organizations/usergroups/users/delete': { body: DeleteUserGroupMembersDto; credentials: 'apiKey' };
  '/v2/presence/add': { body: WritePresenceDto; credentials: 'apiKey' };
  '/v2/presence/delete': { body: DeletePresenceDto; credentials: 'apiKey' };
  '/v2/presence/get': { body: DocumentRefDto; credentials: 'apiKey' };
  '/v2/presence/update': { body: WritePresenceDto; credentials: 'apiKey' };
  '/v2/rewriter/ask-ai': { body: AskAiDto; credentials: 'apiKey' };
  '/v2/users/add': { body: AddUsersDto; credentials: 'apiKey' };
  '/v2/users/data/delete': { body: DeleteUserDataDto; credentials: 'apiKey' };
  '/v2/users/data/delete/status': { body: DeletionStatusDto; credentials: 'apiKey' };
  '/v2/users/data/get': { body: GetUserDataDto; credentials: 'apiKey' };
  '/v2/users/delete': { body: DeleteUsersDto; credentials: 'apiKey' };
  '/v2/users/get': { body: GetUsersDto; credentials: 'apiKey' };
  '/v2/users/update': { body: WriteUsersDto; credentials: 'apiKey' };
  '/v2/workflow/agentendpoint/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workflow/agentendpoint/update': { body: UpdateAgentEndpointDto; credentials: 'apiKey' };
  '/v2/workflow/definitions/create': { body: CreateDefinitionDto; credentials: 'apiKey' };
  '/v2/workflow/definitions/delete': { body: DeleteDefinitionDto; credentials: 'apiKey' };
  '/v2/workflow/definitions/get': { body: GetDefinitionDto; credentials: 'apiKey' };
  '/v2/workflow/definitions/list': { body: ListDefinitionsDto; credentials: 'apiKey' };
  '/v2/workflow/definitions/update': { body: UpdateDefinitionDto; credentials: 'apiKey' };
  '/v2/workflow/executions/cancel': { body: CancelExecutionDto; credentials: 'apiKey' };
  '/v2/workflow/executions/dispatch': { body: DispatchExecutionDto; credentials: 'apiKey' };
  '/v2/workflow/executions/get': { body: ExecutionRefDto; credentials: 'apiKey' };
  '/v2/workflow/executions/getEvents': { body: GetExecutionEventsDto; credentials: 'apiKey' };
  '/v2/workflow/executions/list': { body: ListExecutionsDto2; credentials: 'apiKey' };
  '/v2/workflow/steps/cancel': { body: CancelStepDto; credentials: 'apiKey' };
  '/v2/workflow/steps/recordAgentResolution': { body: RecordAgentResolutionDto; credentials: 'apiKey' };
  '/v2/workflow/steps/recordReviewerDecision': { body: RecordReviewerDecisionDto; credentials: 'apiKey' };
  '/v2/workflow/steps/resolve': { body: ResolveStepDto; credentials: 'apiKey' };
  '/v2/workspace/activityconfig/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/activityconfig/update': { body: UpdateActivityConfigDto; credentials: 'apiKey' };
  '/v2/workspace/advancedwebhook/endpoints/create': { body: CreateEndpointDto; credentials: 'apiKey' };
  '/v2/workspace/advancedwebhook/endpoints/delete': { body: EndpointRefDto; credentials: 'apiKey' };
  '/v2/workspace/advancedwebhook/endpoints/get': { body: ListEndpointsDto; credentials: 'apiKey' };
  '/v2/workspace/advancedwebhook/endpoints/secret/get': { body: EndpointRefDto; credentials: 'apiKey' };
  '/v2/workspace/advancedwebhook/endpoints/secret/rotate': { body: EndpointRefDto; credentials: 'apiKey' };
  '/v2/workspace/advancedwebhook/endpoints/update': { body: UpdateEndpointDto; credentials: 'apiKey' };
  '/v2/workspace/advancedwebhookconfig/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/advancedwebhookconfig/update': { body: UpdateAdvancedWebhookConfigDto; credentials: 'apiKey' };
  '/v2/workspace/apikey/create': { body: CreateApiKeyDto; credentials: 'workspace' };
  '/v2/workspace/apikey/update': { body: UpdateApiKeyDto; credentials: 'workspace' };
  '/v2/workspace/apikeyconfig/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/apikeyconfig/update': { body: UpdateApiKeyConfigDto; credentials: 'apiKey' };
  '/v2/workspace/apikeys/get': { body: ListApiKeysDto; credentials: 'workspace' };
  '/v2/workspace/auditlog/get': { body: ListAuditEventsDto; credentials: 'workspace' };
  '/v2/workspace/authtoken/create': { body: CreateAuthTokenDto; credentials: 'workspace' };
  '/v2/workspace/authtoken/reset': { body: ApiKeyRefDto; credentials: 'workspace' };
  '/v2/workspace/authtoken/revoke': { body: RevokeAuthTokenDto; credentials: 'workspace' };
  '/v2/workspace/authtokens/get': { body: ApiKeyRefDto; credentials: 'workspace' };
  '/v2/workspace/console/session/get': { body: Record<string, unknown>; credentials: 'none' };
  '/v2/workspace/console/signin': { body: ConsoleSignInDto; credentials: 'none' };
  '/v2/workspace/console/signin/link': { body: LinkSignInDto; credentials: 'none' };
  '/v2/workspace/console/signout': { body: Record<string, unknown>; credentials: 'workspace' };
  '/v2/workspace/create': { body: CreateWorkspaceDto; credentials: 'none' };
  '/v2/workspace/domains/add': { body: DomainsDto; credentials: 'apiKey' };
  '/v2/workspace/domains/delete': { body: DomainsDto; credentials: 'apiKey' };
  '/v2/workspace/domains/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/email/messages/get': { body: ListEmailMessagesDto; credentials: 'apiKey' };
  '/v2/workspace/email/send-login-link': { body: SendLoginLinkDto; credentials: 'none' };
  '/v2/workspace/email/status': { body: EmailStatusDto; credentials: 'none' };
  '/v2/workspace/emailconfig/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/emailconfig/update': { body: UpdateEmailConfigDto; credentials: 'apiKey' };
  '/v2/workspace/get': { body: Record<string, unknown>; credentials: 'workspace' };
  '/v2/workspace/notificationconfig/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/notificationconfig/update': { body: UpdateWorkspaceNotificationConfigDto; credentials: 'apiKey' };
  '/v2/workspace/permissionproviderconfig/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/permissionproviderconfig/update': { body: UpdatePermissionProviderConfigDto; credentials: 'apiKey' };
  '/v2/workspace/usage/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/webhookconfig/get': { body: Record<string, unknown>; credentials: 'apiKey' };
  '/v2/workspace/webhookconfig/update': { body: UpdateWebhookConfigDto; credentials: 'apiKey' };
  '/v2/workspace/webhooks/deliveries/attempts/get': { body: DeliveryRefDto; credentials: 'apiKey' };
  '/v2/workspace/webhooks/deliveries/get': { body: ListDeliveriesDto; credentials: 'apiKey' };
  '/v2/workspace/webhooks/deliveries/retry': { body: RetryDeliveriesDto; credentials: 'apiKey' };
  '/v2/workspace/webhooks/test': { body: TestDeliveryDto; credentials: 'apiKey' };
  '/v2/workspace/workspaceauthtoken/reset': { body: Record<string, unknown>; credentials: 'workspace' };
}

export interface OperationTree {
  activities: {
    add: '/v2/activities/add';
    delete: '/v2/activities/delete';
    get: '/v2/activities/get';
    update: '/v2/activities/update';
  };
  agents: {
    analytics: {
      get: '/v2/agents/analytics/get';
    };
    config: {
      resolve: '/v2/agents/config/resolve';
    };
    create: '/v2/agents/create';
    delete: '/v2/agents/delete';
    execution: {
      count: '/v2/agents/execution/count';
      get: '/v2/agents/execution/get';
      list: '/v2/agents/execution/list';
      run: '/v2/agents/execution/run';
    };
    extract: '/v2/agents/extract';
    get: '/v2/agents/get';
    groups: {
      "add-agents": '/v2/agents/groups/add-agents';
      create: '/v2/agents/groups/create';
      delete: '/v2/agents/groups/delete';
      get: '/v2/agents/groups/get';
      list: '/v2/agents/groups/list';
      "remove-agents": '/v2/agents/groups/remove-agents';
      update: '/v2/agents/groups/update';
    };
    prompt: {
      enhance: '/v2/agents/prompt/enhance';
      refine: '/v2/agents/prompt/refine';
      validate: '/v2/agents/prompt/validate';
    };
    update: '/v2/agents/update';
    version: {
      update: '/v2/agents/version/update';
    };
    versions: {
      list: '/v2/agents/versions/list';
      restore: '/v2/agents/versions/restore';
    };
  };
  auth: {
    generateSignature: '/v2/auth/generate_signature';
    generateToken: '/v2/auth/generate_token';
    permissions: {
      add: '/v2/auth/permissions/add';
      get: '/v2/auth/permissions/get';
      remove: '/v2/auth/permissions/remove';
    };
  };
  commentannotations: {
    add: '/v2/commentannotations/add';
    comments: {
      add: '/v2/commentannotations/comments/add';
      delete: '/v2/commentannotations/comments/delete';
      get: '/v2/commentannotations/comments/get';
      reactions: {
        add: '/v2/commentannotations/comments/reactions/add';
        delete: '/v2/commentannotations/comments/reactions/delete';
      };
      update: '/v2/commentannotations/comments/update';
    };
    count: {
      get: '/v2/commentannotations/count/get';
    };
    delete: '/v2/commentannotations/delete';
    get: '/v2/commentannotations/get';
    update: '/v2/commentannotations/update';
  };
  crdt: {
    add: '/v2/crdt/add';
    get: '/v2/crdt/get';
    update: '/v2/crdt/update';
    versions: {
      config: {
        get: '/v2/crdt/versions/config/get';
        update: '/v2/crdt/versions/config/update';
      };
      diff: '/v2/crdt/versions/diff';
      get: '/v2/crdt/versions/get';
      restore: '/v2/crdt/versions/restore';
      save: '/v2/crdt/versions/save';
    };
  };
  livestate: {
    broadcast: '/v2/livestate/broadcast';
    get: '/v2/livestate/get';
  };
  memory: {
    alerts: {
      action: '/v2/memory/alerts/action';
      config: {
        get: '/v2/memory/alerts/config/get';
        update: '/v2/memory/alerts/config/update';
      };
      dismiss: '/v2/memory/alerts/dismiss';
      list: '/v2/memory/alerts/list';
    };
    ask: '/v2/memory/ask';
    judgments: {
      query: '/v2/memory/judgments/query';
    };
    knowledge: {
      delete: '/v2/memory/knowledge/delete';
      download: '/v2/memory/knowledge/download';
      ingest: '/v2/memory/knowledge/ingest';
      "ingest-status": '/v2/memory/knowledge/ingest-status';
      list: '/v2/memory/knowledge/list';
      rules: '/v2/memory/knowledge/rules';
      search: '/v2/memory/knowledge/search';
      update: '/v2/memory/knowledge/update';
      "upload-url": '/v2/memory/knowledge/upload-url';
    };
    patterns: {
      get: '/v2/memory/patterns/get';
    };
    profiles: {
      get: '/v2/memory/profiles/get';
    };
    search: '/v2/memory/search';
    stats: {
      get: '/v2/memory/stats/get';
    };
    suggest: '/v2/memory/suggest';
  };
  notifications: {
    add: '/v2/notifications/add';
    config: {
      get: '/v2/notifications/config/get';
      set: '/v2/notifications/config/set';
    };
    delete: '/v2/notifications/delete';
    get: '/v2/notifications/get';
    update: '/v2/notifications/update';
  };
  organizations: {
    access: {
      disablestate: {
        update: '/v2/organizations/access/disablestate/update';
      };
    };
    add: '/v2/organizations/add';
    delete: '/v2/organizations/delete';
    documents: {
      access: {
        disablestate: {
          update: '/v2/organizations/documents/access/disablestate/update';
        };
        get: '/v2/organizations/documents/access/get';
        update: '/v2/organizations/documents/access/update';
      };
      add: '/v2/organizations/documents/add';
      delete: '/v2/organizations/documents/delete';
      get: '/v2/organizations/documents/get';
      migrate: {
        $call: '/v2/organizations/documents/migrate';
        status: '/v2/organizations/documents/migrate/status';
      };
      move: '/v2/organizations/documents/move';
      search: '/v2/organizations/documents/search';
      update: '/v2/organizations/documents/update';
    };
    folders: {
      access: {
        update: '/v2/organizations/folders/access/update';
      };
      add: '/v2/organizations/folders/add';
      delete: '/v2/organizations/folders/delete';
      get: '/v2/organizations/folders/get';
      update: '/v2/organizations/folders/update';
    };
    get: '/v2/organizations/get';
    search: '/v2/organizations/search';
    update: '/v2/organizations/update';
    usergroups: {
      add: '/v2/organizations/usergroups/add';
      users: {
        add: '/v2/organizations/usergroups/users/add';
        delete: '/v2/organizations/usergroups/users/delete';
      };
    };
  };
  presence: {
    add: '/v2/presence/add';
    delete: '/v2/presence/delete';
    get: '/v2/presence/get';
    update: '/v2/presence/update';
  };
  rewriter: {
    "ask-ai": '/v2/rewriter/ask-ai';
  };
  users: {
    add: '/v2/users/add';
    data: {
      delete: {
        $call: '/v2/users/data/delete';
        status: '/v2/users/data/delete/status';
      };
      get: '/v2/users/data/get';
    };
    delete: '/v2/users/delete';
    get: '/v2/users/get';
    update: '/v2/users/update';
  };
  workflow: {
    agentendpoint: {
      get: '/v2/workflow/agentendpoint/get';
      update: '/v2/workflow/agentendpoint/update';
    };
    definitions: {
      create: '/v2/workflow/definitions/create';
      delete: '/v2/workflow/definitions/delete';
      get: '/v2/workflow/definitions/get';
      list: '/v2/workflow/definitions/list';
      update: '/v2/workflow/definitions/update';
    };
    executions: {
      cancel: '/v2/workflow/executions/cancel';
      dispatch: '/v2/workflow/executions/dispatch';
      get: '/v2/workflow/executions/get';
      getEvents: '/v2/workflow/executions/getEvents';
      list: '/v2/workflow/executions/list';
    };
    steps: {
      cancel: '/v2/workflow/steps/cancel';
      recordAgentResolution: '/v2/workflow/steps/recordAgentResolution';
      recordReviewerDecision: '/v2/workflow/steps/recordReviewerDecision';
      resolve: '/v2/workflow/steps/resolve';
    };
  };
  workspace: {
    activityconfig: {
      get: '/v2/workspace/activityconfig/get';
      update: '/v2/workspace/activityconfig/update';
    };
    advancedwebhook: {
      endpoints: {
        create: '/v2/workspace/advancedwebhook/endpoints/create';
        delete: '/v2/workspace/advancedwebhook/endpoints/delete';
        get: '/v2/workspace/advancedwebhook/endpoints/get';
        secret: {
          get: '/v2/workspace/advancedwebhook/endpoints/secret/get';
          rotate: '/v2/workspace/advancedwebhook/endpoints/secret/rotate';
        };
        update: '/v2/workspace/advancedwebhook/endpoints/update';
      };
    };
    advancedwebhookconfig: {
      get: '/v2/workspace/advancedwebhookconfig/get';
      update: '/v2/workspace/advancedwebhookconfig/update';
    };
    apikey: {
      create: '/v2/workspace/apikey/create';
      update: '/v2/workspace/apikey/update';
    };
    apikeyconfig: {
      get: '/v2/workspace/apikeyconfig/get';
      update: '/v2/workspace/apikeyconfig/update';
    };
    apikeys: {
      get: '/v2/workspace/apikeys/get';
    };
    auditlog: {
      get: '/v2/workspace/auditlog/get';
    };
    authtoken: {
      create: '/v2/workspace/authtoken/create';
      reset: '/v2/workspace/authtoken/reset';
      revoke: '/v2/workspace/authtoken/revoke';
    };
    authtokens: {
      get: '/v2/workspace/authtokens/get';
    };
    console: {
      session: {
        get: '/v2/workspace/console/session/get';
      };
      signin: {
        $call: '/v2/workspace/console/signin';
        link: '/v2/workspace/console/signin/link';
      };
      signout: '/v2/workspace/console/signout';
    };
    create: '/v2/workspace/create';
    domains: {
      add: '/v2/workspace/domains/add';
      delete: '/v2/workspace/domains/delete';
      get: '/v2/workspace/domains/get';
    };
    email: {
      messages: {
        get: '/v2/workspace/email/messages/get';
      };
      "send-login-link": '/v2/workspace/email/send-login-link';
      status: '/v2/workspace/email/status';
    };
    emailconfig: {
      get: '/v2/workspace/emailconfig/get';
      update: '/v2/workspace/emailconfig/update';
    };
    get: '/v2/workspace/get';
    notificationconfig: {
      get: '/v2/workspace/notificationconfig/get';
      update: '/v2/workspace/notificationconfig/update';
    };
    permissionproviderconfig: {
      get: '/v2/workspace/permissionproviderconfig/get';
      update: '/v2/workspace/permissionproviderconfig/update';
    };
    usage: {
      get: '/v2/workspace/usage/get';
    };
    webhookconfig: {
      get: '/v2/workspace/webhookconfig/get';
      update: '/v2/workspace/webhookconfig/update';
    };
    webhooks: {
      deliveries: {
        attempts: {
          get: '/v2/workspace/webhooks/deliveries/attempts/get';
        };
        get: '/v2/workspace/webhooks/deliveries/get';
        retry: '/v2/workspace/webhooks/deliveries/retry';
      };
      test: '/v2/workspace/webhooks/test';
    };
    workspaceauthtoken: {
      reset: '/v2/workspace/workspaceauthtoken/reset';
    };
  };
}

export const OPERATIONS = {
  '/v2/activities/add': 'apiKey',
  '/v2/activities/delete': 'apiKey',
  '/v2/activities/get': 'apiKey',
  '/v2/activities/update': 'apiKey',
  '/v2/agents/analytics/get': 'apiKey',
  '/v2/agents/config/resolve': 'apiKey',
  '/v2/agents/create': 'apiKey',
  '/v2/agents/delete': 'apiKey',
  '/v2/agents/execution/count': 'apiKey',
  '/v2/agents/execution/get': 'apiKey',
  '/v2/agents/execution/list': 'apiKey',
  '/v2/agents/execution/run': 'apiKey',
  '/v2/agents/extract': 'apiKey',
  '/v2/agents/get': 'apiKey',
  '/v2/agents/groups/add-agents': 'apiKey',
  '/v2/agents/groups/create': 'apiKey',
  '/v2/agents/groups/delete': 'apiKey',
  '/v2/agents/groups/get': 'apiKey',
  '/v2/agents/groups/list': 'apiKey',
  '/v2/agents/groups/remove-agents': 'apiKey',
  '/v2/agents/groups/update': 'apiKey',
  '/v2/agents/prompt/enhance': 'apiKey',
  '/v2/agents/prompt/refine': 'apiKey',
  '/v2/agents/prompt/validate': 'apiKey',
  '/v2/agents/update': 'apiKey',
  '/v2/agents/version/update': 'apiKey',
  '/v2/agents/versions/list': 'apiKey',
  '/v2/agents/versions/restore': 'apiKey',
  '/v2/auth/generate_signature': 'apiKey',
  '/v2/auth/generate_token': 'apiKey',
  '/v2/auth/permissions/add': 'apiKey',
  '/v2/auth/permissions/get': 'apiKey',
  '/v2/auth/permissions/remove': 'apiKey',
  '/v2/commentannotations/add': 'apiKey',
  '/v2/commentannotations/comments/add': 'apiKey',
  '/v2/commentannotations/comments/delete': 'apiKey',
  '/v2/commentannotations/comments/get': 'apiKey',
  '/v2/commentannotations/comments/reactions/add': 'apiKey',
  '/v2/commentannotations/comments/reactions/delete': 'apiKey',
  '/v2/commentannotations/comments/update': 'apiKey',
  '/v2/commentannotations/count/get': 'apiKey',
  '/v2/commentannotations/delete': 'apiKey',
  '/v2/commentannotations/get': 'apiKey',
  '/v2/commentannotations/update': 'apiKey',
  '/v2/crdt/add': 'apiKey',
  '/v2/crdt/get': 'apiKey',
  '/v2/crdt/update': 'apiKey',
  '/v2/crdt/versions/config/get': 'apiKey',
  '/v2/crdt/versions/config/update': 'apiKey',
  '/v2/crdt/versions/diff': 'apiKey',
  '/v2/crdt/versions/get': 'apiKey',
  '/v2/crdt/versions/restore': 'apiKey',
  '/v2/crdt/versions/save': 'apiKey',
  '/v2/livestate/broadcast': 'apiKey',
  '/v2/livestate/get': 'apiKey',
  '/v2/memory/alerts/action': 'apiKey',
  '/v2/memory/alerts/config/get': 'apiKey',
  '/v2/memory/alerts/config/update': 'apiKey',
  '/v2/memory/alerts/dismiss': 'apiKey',
  '/v2/memory/alerts/list': 'apiKey',
  '/v2/memory/ask': 'apiKey',
  '/v2/memory/judgments/query': 'apiKey',
  '/v2/memory/knowledge/delete': 'apiKey',
  '/v2/memory/knowledge/download': 'apiKey',
  '/v2/memory/knowledge/ingest': 'apiKey',
  '/v2/memory/knowledge/ingest-status': 'apiKey',
  '/v2/memory/knowledge/list': 'apiKey',
  '/v2/memory/knowledge/rules': 'apiKey',
  '/v2/memory/knowledge/search': 'apiKey',
  '/v2/memory/knowledge/update': 'apiKey',
  '/v2/memory/knowledge/upload-url': 'apiKey',
  '/v2/memory/patterns/get': 'apiKey',
  '/v2/memory/profiles/get': 'apiKey',
  '/v2/memory/search': 'apiKey',
  '/v2/memory/stats/get': 'apiKey',
  '/v2/memory/suggest': 'apiKey',
  '/v2/notifications/add': 'apiKey',
  '/v2/notifications/config/get': 'apiKey',
  '/v2/notifications/config/set': 'apiKey',
  '/v2/notifications/delete': 'apiKey',
  '/v2/notifications/get': 'apiKey',
  '/v2/notifications/update': 'apiKey',
  '/v2/organizations/access/disablestate/update': 'apiKey',
  '/v2/organizations/add': 'apiKey',
  '/v2/organizations/delete': 'apiKey',
  '/v2/organizations/documents/access/disablestate/update': 'apiKey',
  '/v2/organizations/documents/access/get': 'apiKey',
  '/v2/organizations/documents/access/update': 'apiKey',
  '/v2/organizations/documents/add': 'apiKey',
  '/v2/organizations/documents/delete': 'apiKey',
  '/v2/organizations/documents/get': 'apiKey',
  '/v2/organizations/documents/migrate': 'apiKey',
  '/v2/organizations/documents/migrate/status': 'apiKey',
  '/v2/organizations/documents/move': 'apiKey',
  '/v2/organizations/documents/search': 'apiKey',
  '/v2/organizations/documents/update': 'apiKey',
  '/v2/organizations/folders/access/update': 'apiKey',
  '/v2/organizations/folders/add': 'apiKey',
  '/v2/organizations/folders/delete': 'apiKey',
  '/v2/organizations/folders/get': 'apiKey',
  '/v2/organizations/folders/update': 'apiKey',
  '/v2/organizations/get': 'apiKey',
  '/v2/organizations/search': 'apiKey',
  '/v2/organizations/update': 'apiKey',
  '/v2/organizations/usergroups/add': 'apiKey',
  '/v2/organizations/usergroups/users/add': 'apiKey',
  '/v2/organizations/usergroups/users/delete': 'apiKey',
  '/v2/presence/add': 'apiKey',
  '/v2/presence/delete': 'apiKey',
  '/v2/presence/get': 'apiKey',
  '/v2/presence/update': 'apiKey',
  '/v2/rewriter/ask-ai': 'apiKey',
  '/v2/users/add': 'apiKey',
  '/v2/users/data/delete': 'apiKey',
  '/v2/users/data/delete/status': 'apiKey',
  '/v2/users/data/get': 'apiKey',
  '/v2/users/delete': 'apiKey',
  '/v2/users/get': 'apiKey',
  '/v2/users/update': 'apiKey',
  '/v2/workflow/agentendpoint/get': 'apiKey',
  '/v2/workflow/agentendpoint/update': 'apiKey',
  '/v2/workflow/definitions/create': 'apiKey',
  '/v2/workflow/definitions/delete': 'apiKey',
  '/v2/workflow/definitions/get': 'apiKey',
  '/v2/workflow/definitions/list': 'apiKey',
  '/v2/workflow/definitions/update': 'apiKey',
  '/v2/workflow/executions/cancel': 'apiKey',
  '/v2/workflow/executions/dispatch': 'apiKey',
  '/v2/workflow/executions/get': 'apiKey',
  '/v2/workflow/executions/getEvents': 'apiKey',
  '/v2/workflow/executions/list': 'apiKey',
  '/v2/workflow/steps/cancel': 'apiKey',
  '/v2/workflow/steps/recordAgentResolution': 'apiKey',
  '/v2/workflow/steps/recordReviewerDecision': 'apiKey',
  '/v2/workflow/steps/resolve': 'apiKey',
  '/v2/workspace/activityconfig/get': 'apiKey',
  '/v2/workspace/activityconfig/update': 'apiKey',
  '/v2/workspace/advancedwebhook/endpoints/create': 'apiKey',
  '/v2/workspace/advancedwebhook/endpoints/delete': 'apiKey',
  '/v2/workspace/advancedwebhook/endpoints/get': 'apiKey',
  '/v2/workspace/advancedwebhook/endpoints/secret/get': 'apiKey',
  '/v2/workspace/advancedwebhook/endpoints/secret/rotate': 'apiKey',
  '/v2/workspace/advancedwebhook/endpoints/update': 'apiKey',
  '/v2/workspace/advancedwebhookconfig/get': 'apiKey',
  '/v2/workspace/advancedwebhookconfig/update': 'apiKey',
  '/v2/workspace/apikey/create': 'workspace',
  '/v2/workspace/apikey/update': 'workspace',
  '/v2/workspace/apikeyconfig/get': 'apiKey',
  '/v2/workspace/apikeyconfig/update': 'apiKey',
  '/v2/workspace/apikeys/get': 'workspace',
  '/v2/workspace/auditlog/get': 'workspace',
  '/v2/workspace/authtoken/create': 'workspace',
  '/v2/workspace/authtoken/reset': 'workspace',
  '/v2/workspace/authtoken/revoke': 'workspace',
  '/v2/workspace/authtokens/get': 'workspace',
  '/v2/workspace/console/session/get': 'none',
  '/v2/workspace/console/signin': 'none',
  '/v2/workspace/console/signin/link': 'none',
  '/v2/workspace/console/signout': 'workspace',
  '/v2/workspace/create': 'none',
  '/v2/workspace/domains/add': 'apiKey',
  '/v2/workspace/domains/delete': 'apiKey',
  '/v2/workspace/domains/get': 'apiKey',
  '/v2/workspace/email/messages/get': 'apiKey',
  '/v2/workspace/email/send-login-link': 'none',
  '/v2/workspace/email/status': 'none',
  '/v2/workspace/emailconfig/get': 'apiKey',
  '/v2/workspace/emailconfig/update': 'apiKey',
  '/v2/workspace/get': 'workspace',
  '/v2/workspace/notificationconfig/get': 'apiKey',
  '/v2/workspace/notificationconfig/update': 'apiKey',
  '/v2/workspace/permissionproviderconfig/get': 'apiKey',
  '/v2/workspace/permissionproviderconfig/update': 'apiKey',
  '/v2/workspace/usage/get': 'apiKey',
  '/v2/workspace/webhookconfig/get': 'apiKey',
  '/v2/workspace/webhookconfig/update': 'apiKey',
  '/v2/workspace/webhooks/deliveries/attempts/get': 'apiKey',
  '/v2/workspace/webhooks/deliveries/get': 'apiKey',
  '/v2/workspace/webhooks/deliveries/retry': 'apiKey',
  '/v2/workspace/webhooks/test': 'apiKey',
  '/v2/workspace/workspaceauthtoken/reset': 'workspace',
} as const;
