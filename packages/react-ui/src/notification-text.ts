import type { Notification } from '@collab-backend/realtime';

/** How a template value reads: a string as it is, a user by name, else e-mail or id. */
function display(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, email, userId } = value as Record<string, unknown>;
  return [name, email, userId].find((candidate): candidate is string => typeof candidate === 'string');
}

/** The headline with its `{placeholders}` filled from the template data (an unknown one reads "someone"). */
export function headline(notification: Notification): string | undefined {
  const template = notification.displayHeadlineMessageTemplate;
  if (template === undefined) return notification.headline;
  const data = notification.displayHeadlineMessageTemplateData ?? {};
  return template.replace(/\{(\w+)\}/g, (_, key: string) => display(data[key]) ?? 'someone');
}

/** One line for the inbox: the headline, then the body (a comment's text), or "New activity" when neither is set. */
export const notificationText = (notification: Notification): string =>
  [headline(notification), notification.displayBodyMessage].filter(Boolean).join(': ') || 'New activity';
