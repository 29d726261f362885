import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ConsoleSessionPrincipal } from '@app/auth';
import { ApiError, AppConfig, csrfTokenOf, generateToken, hashesEqual, hashToken } from '@app/common';
import { AuditProducer } from './audit.producer';
import { Account } from './entities/account.entity';
import { ConsoleLoginLink } from './entities/console-login-link.entity';
import { ConsoleSession, ConsoleSignInMethod } from './entities/console-session.entity';
import { Workspace } from './entities/workspace.entity';

/** What the console learns about its session: never the session token itself, which stays in the cookie. */
export interface ConsoleSessionView {
  workspaceId: string;
  workspaceName: string;
  method: ConsoleSignInMethod;
  email: string | null;
  csrfToken: string;
  expiresAt: string;
}

/** A session just opened: the token for the cookie, and what the console is told. */
export interface OpenedSession {
  token: string;
  view: ConsoleSessionView;
}

/** A login link for one workspace the address owns, to e-mail; its token exists nowhere else in clear. */
export interface NewLoginLink {
  workspaceId: string;
  workspaceName: string;
  token: string;
  expiresAt: Date;
}

/** One answer for an unknown workspace and a wrong token: a sign-in form must not tell which workspace ids exist. */
export const SIGN_IN_REFUSED = 'Unknown workspace id or wrong auth token.';
export const LINK_REFUSED = 'This sign-in link is invalid, already used or expired.';
export const SESSION_ENDED = 'The console session has ended; sign in again.';

/** The audit log's name for a session's operator. */
export function consoleActor(method: ConsoleSignInMethod, email: string | null): string {
  return method === 'link' && email ? `console:${email}` : 'console:workspace token';
}

interface SessionRow {
  workspace_id: string;
  workspace_name: string;
  method: ConsoleSignInMethod;
  email: string | null;
  expires_at: Date;
}

/**
 * Console sessions and login links (docs/console.md "Sign-in"). Rows hold SHA-256 hashes of the tokens;
 * a session is looked up on every console request, uncached, so ending one (sign-out, a rotated
 * workspace token) takes effect at once on every API instance.
 */
@Injectable()
export class ConsoleSessions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly audit: AuditProducer,
  ) {}

  async signInWithCredentials(workspaceId: string, authToken: string): Promise<OpenedSession> {
    const workspace = await this.dataSource
      .getRepository(Workspace)
      .findOne({ where: { id: workspaceId }, select: { id: true, name: true, authTokenHash: true } });
    if (!workspace || !hashesEqual(workspace.authTokenHash, hashToken(authToken)))
      throw ApiError.unauthenticated(SIGN_IN_REFUSED);
    return this.open(workspace, 'credentials', null);
  }

  /** One link per workspace the address owns, written with `manager` so the e-mails that carry them commit with them. */
  async createLinks(manager: EntityManager, email: string, continueUrl: string): Promise<NewLoginLink[]> {
    const workspaces: Array<{ id: string; name: string }> = await manager
      .getRepository(Workspace)
      .createQueryBuilder('w')
      .innerJoin(Account, 'a', 'a.id = w.account_id')
      .select(['w.id AS id', 'w.name AS name'])
      .where('a.email = :email', { email: email.toLowerCase() })
      .orderBy('w.created_at')
      .getRawMany();
    if (workspaces.length === 0) return [];
    const expiresAt = new Date(Date.now() + this.config.consoleLoginLinkTtlSeconds * 1000);
    const links = workspaces.map((workspace) => ({
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      token: generateToken(),
      expiresAt,
    }));
    // Links past their time are of no use to anyone: each send clears its workspaces' old ones.
    await manager.query(`DELETE FROM console_login_link WHERE workspace_id = ANY($1) AND expires_at < now()`, [
      links.map((link) => link.workspaceId),
    ]);
    await manager.insert(
      ConsoleLoginLink,
      links.map((link) => ({
        tokenHash: hashToken(link.token),
        workspaceId: link.workspaceId,
        email: email.toLowerCase(),
        continueUrl,
        expiresAt,
      })),
    );
    return links;
  }

  /** Spends the link (one statement: two redemptions cannot both succeed) and opens its session. */
  async redeemLink(token: string): Promise<OpenedSession & { continueUrl: string }> {
    const [redeemed]: Array<{ workspace_id: string; email: string; continue_url: string }> =
      // A SELECT over the UPDATE: TypeORM answers a bare UPDATE with [rows, count].
      await this.dataSource.query(
        `WITH spent AS (
           UPDATE console_login_link SET used_at = now()
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
           RETURNING workspace_id, email, continue_url
         ) SELECT * FROM spent`,
        [hashToken(token)],
      );
    if (!redeemed) throw ApiError.unauthenticated(LINK_REFUSED);
    const workspace = await this.dataSource
      .getRepository(Workspace)
      .findOne({ where: { id: redeemed.workspace_id }, select: { id: true, name: true } });
    if (!workspace) throw ApiError.unauthenticated(LINK_REFUSED);
    return { ...(await this.open(workspace, 'link', redeemed.email)), continueUrl: redeemed.continue_url };
  }

  async verify(token: string): Promise<ConsoleSessionPrincipal> {
    const row = await this.live(token);
    return {
      workspaceId: row.workspace_id,
      actor: consoleActor(row.method, row.email),
      sessionId: hashToken(token).toString('hex'),
    };
  }

  async describe(token: string): Promise<ConsoleSessionView> {
    return this.view(token, await this.live(token));
  }

  async signOut(session: ConsoleSessionPrincipal): Promise<void> {
    await this.dataSource.query(`DELETE FROM console_session WHERE token_hash = $1`, [
      Buffer.from(session.sessionId, 'hex'),
    ]);
    await this.audit.record({
      action: 'console.signed_out',
      workspaceId: session.workspaceId,
      apiKeyId: null,
      actor: session.actor,
    });
  }

  /** Ends every console session of the workspace, in the caller's transaction (a rotated workspace token). */
  async endAll(manager: EntityManager, workspaceId: string): Promise<void> {
    await manager.query(`DELETE FROM console_session WHERE workspace_id = $1`, [workspaceId]);
  }

  private async live(token: string): Promise<SessionRow> {
    const [row]: SessionRow[] = await this.dataSource.query(
      `SELECT s.workspace_id, w.name AS workspace_name, s.method, s.email, s.expires_at
         FROM console_session s JOIN workspace w ON w.id = s.workspace_id
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hashToken(token)],
    );
    if (!row) throw ApiError.unauthenticated(SESSION_ENDED);
    return row;
  }

  private async open(
    workspace: Pick<Workspace, 'id' | 'name'>,
    method: ConsoleSignInMethod,
    email: string | null,
  ): Promise<OpenedSession> {
    const token = generateToken();
    const expiresAt = new Date(Date.now() + this.config.consoleSessionTtlSeconds * 1000);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`DELETE FROM console_session WHERE workspace_id = $1 AND expires_at < now()`, [workspace.id]);
      await manager.insert(ConsoleSession, {
        tokenHash: hashToken(token),
        workspaceId: workspace.id,
        method,
        email,
        expiresAt,
      });
    });
    await this.audit.record({
      action: 'console.signed_in',
      workspaceId: workspace.id,
      apiKeyId: null,
      actor: consoleActor(method, email),
      details: { method, session: hashToken(token).toString('hex').slice(0, 12) },
    });
    const row = { workspace_id: workspace.id, workspace_name: workspace.name, method, email, expires_at: expiresAt };
    return { token, view: this.view(token, row) };
  }

  private view(token: string, row: SessionRow): ConsoleSessionView {
    return {
      workspaceId: row.workspace_id,
      workspaceName: row.workspace_name,
      method: row.method,
      email: row.email,
      csrfToken: csrfTokenOf(token),
      expiresAt: row.expires_at.toISOString(),
    };
  }
}
