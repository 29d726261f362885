import type { Notification } from '@collab-backend/realtime';
import { DEFAULT_STRINGS, type Strings } from './strings';

type Words = Pick<Strings, 'someone' | 'newActivity'>;

/** How a template value reads: a string as it is, a user by name, else e-mail or id. */
function display(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value !== 'object' || value === null) return undefined;
  const { name, email, userId } = value as Record<string, unknown>;
  return [name, email, userId].find((candidate): candidate is string => typeof candidate === 'string');
}

/** The headline with its `{placeholders}` filled from the template data (an unknown one reads "someone"). */
export function headline(notification: Notification, words: Words = DEFAULT_STRINGS): string | undefined {
  const template = notification.displayHeadlineMessageTemplate;
  if (template === undefined) return notification.headline;
  const data = notification.displayHeadlineMessageTemplateData ?? {};
  return template.replace(/\{(\w+)\}/g, (_, key: string) => display(data[key]) ?? words.someone);
}

/** One line for the inbox: the headline, then the body (a comment's text), or "New activity" when neither is set. */
export const notificationText = (notification: Notification, words: Words = DEFAULT_STRINGS): string =>
  [headline(notification, words), notification.displayBodyMessage].filter(Boolean).join(': ') || words.newActivity;
