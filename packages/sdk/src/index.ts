export { createClient } from './client';
export type { ApiResult, Body, ClientOptions, CollabClient, OperationPath } from './client';
export { CollabApiError } from './errors';
export { DEFAULT_RETRY, parseRetryAfter, retryDelay } from './retry';
export type { RetryPolicy } from './retry';
export { paged } from './pages';
export { decryptWebhookPayload, readWebhook, verifyWebhook } from './webhooks';
export type { EncryptedBody, VerifyOptions, WebhookHeaders } from './webhooks';
export type * from './generated/operations';
