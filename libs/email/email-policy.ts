import { EmailSendingConfig } from '@app/workspace';

/** The provider types that deliver mail; `default` (Velt's own mail service) has none in a self-hosted install. */
export const SENDING_TYPES = ['smtp', 'sendgrid'] as const;
export type SendingType = (typeof SENDING_TYPES)[number];

export const NO_ADDRESS = 'The recipient has no e-mail address (neither in the comment nor in the user profile).';
export const UNSUBSCRIBED = "The recipient's notification settings turn e-mail off.";
export const SERVICE_OFF = 'The e-mail service of the API key is turned off or has no provider.';

export function sendsMail(config: EmailSendingConfig): config is EmailSendingConfig & { type: SendingType } {
  return config.useEmailService && (SENDING_TYPES as readonly string[]).includes(config.type);
}
