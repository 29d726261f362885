import { EmailMessage } from './email-message.entity';

export * from './email-message.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const EMAIL_ENTITIES = [EmailMessage];
