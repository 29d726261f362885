/** Trigger names of the spec's Events table; each is a flag in `webhookServiceConfig.triggers`. */
export const WEBHOOK_TRIGGERS = [
  'comment_annotation.add',
  'comment.add',
  'comment.update',
  'comment.delete',
  'comment_annotation.status_change',
  'comment_annotation.assign',
  'comment_annotation.priority_change',
  'comment.reaction_add',
  'comment.reaction_delete',
] as const;

export type WebhookTrigger = (typeof WEBHOOK_TRIGGERS)[number];

export function isWebhookTrigger(name: string): name is WebhookTrigger {
  return (WEBHOOK_TRIGGERS as readonly string[]).includes(name);
}
