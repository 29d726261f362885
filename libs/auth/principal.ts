export interface WorkspacePrincipal {
  workspaceId: string;
}

export interface ApiKeyPrincipal {
  apiKeyId: string;
  workspaceId: string;
}

/** An operator signed in to the console (docs/console.md "Sign-in"): who, for the audit log, and the session's key. */
export interface ConsoleSessionPrincipal {
  workspaceId: string;
  /** As the audit log names them: `console:<owner address>` for a login link, `console:workspace token` otherwise. */
  actor: string;
  /** Hex SHA-256 of the session token: the row's key, and what ties one session's audit entries together. */
  sessionId: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    workspacePrincipal?: WorkspacePrincipal;
    apiKeyPrincipal?: ApiKeyPrincipal;
    /** Set when the request was authenticated by a console session cookie rather than by headers. */
    consoleSession?: ConsoleSessionPrincipal;
  }
}
