import { Account } from './account.entity';
import { AllowedDomain } from './allowed-domain.entity';
import { ApiKeyConfig } from './api-key-config.entity';
import { ApiKey } from './api-key.entity';
import { AuditEvent } from './audit-event.entity';
import { AuthToken } from './auth-token.entity';
import { ConsoleLoginLink } from './console-login-link.entity';
import { ConsoleSession } from './console-session.entity';
import { EmailConfig } from './email-config.entity';
import { Workspace } from './workspace.entity';

export * from './account.entity';
export * from './allowed-domain.entity';
export * from './api-key-config.entity';
export * from './api-key.entity';
export * from './audit-event.entity';
export * from './auth-token.entity';
export * from './console-login-link.entity';
export * from './console-session.entity';
export * from './email-config.entity';
export * from './workspace.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const WORKSPACE_ENTITIES = [
  Account,
  AllowedDomain,
  ApiKey,
  ApiKeyConfig,
  AuditEvent,
  AuthToken,
  ConsoleLoginLink,
  ConsoleSession,
  EmailConfig,
  Workspace,
];
