import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiKeyPrincipal, ConsoleSessionPrincipal, CredentialVerifier, WorkspacePrincipal } from '@app/auth';
import { ApiError, AppConfig, hashesEqual, hashToken, TtlCache } from '@app/common';
import { ConsoleSessions } from './console-sessions.service';
import { ApiKey } from './entities/api-key.entity';
import { AuthToken } from './entities/auth-token.entity';
import { Workspace } from './entities/workspace.entity';

/** Verifies the header pairs of the Workspace and API-key auth classes (spec: Authentication). */
@Injectable()
export class CredentialService implements CredentialVerifier {
  private readonly workspaces: TtlCache<WorkspacePrincipal>;
  private readonly apiKeys: TtlCache<ApiKeyPrincipal>;
  private readonly keysOfWorkspaces: TtlCache<ApiKeyPrincipal>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: AppConfig,
    private readonly consoleSessions: ConsoleSessions,
  ) {
    this.workspaces = new TtlCache(config.authCacheTtlMs);
    this.apiKeys = new TtlCache(config.authCacheTtlMs);
    this.keysOfWorkspaces = new TtlCache(config.authCacheTtlMs);
  }

  verifyConsoleSession(sessionToken: string): Promise<ConsoleSessionPrincipal> {
    return this.consoleSessions.verify(sessionToken);
  }

  /** Cached as credentials are: a key never moves to another workspace, and a deleted one goes with its workspace. */
  async verifyApiKeyOfWorkspace(apiKeyId: string, workspaceId: string): Promise<ApiKeyPrincipal> {
    const cacheKey = `${workspaceId}:${apiKeyId}`;
    const cached = this.keysOfWorkspaces.get(cacheKey);
    if (cached) return cached;
    const found = await this.dataSource.getRepository(ApiKey).exists({ where: { id: apiKeyId, workspaceId } });
    // As for a wrong token: the answer does not tell whether the key exists in another workspace.
    if (!found) throw ApiError.unauthenticated();
    const principal = { apiKeyId, workspaceId };
    this.keysOfWorkspaces.set(cacheKey, principal);
    return principal;
  }

  async verifyWorkspace(workspaceId: string, token: string): Promise<WorkspacePrincipal> {
    const hash = hashToken(token);
    const cacheKey = `${workspaceId}:${hash.toString('base64')}`;
    const cached = this.workspaces.get(cacheKey);
    if (cached) return cached;
    const workspace = await this.dataSource
      .getRepository(Workspace)
      .findOne({ where: { id: workspaceId }, select: { id: true, authTokenHash: true } });
    // Spec: workspace get answers NOT_FOUND for a workspace that does not exist.
    if (!workspace) throw ApiError.notFound('Workspace not found.');
    if (!hashesEqual(workspace.authTokenHash, hash)) throw ApiError.unauthenticated();
    const principal = { workspaceId: workspace.id };
    this.workspaces.set(cacheKey, principal);
    return principal;
  }

  async verifyApiKey(apiKeyId: string, token: string): Promise<ApiKeyPrincipal> {
    const hash = hashToken(token);
    const cacheKey = `${apiKeyId}:${hash.toString('base64')}`;
    const cached = this.apiKeys.get(cacheKey);
    if (cached) return cached;
    const row = await this.dataSource
      .getRepository(AuthToken)
      .createQueryBuilder('token')
      .innerJoin('token.apiKey', 'apiKey')
      .select(['token.tokenHash AS hash', 'apiKey.id AS "apiKeyId"', 'apiKey.workspaceId AS "workspaceId"'])
      .where('token.tokenHash = :hash AND token.apiKeyId = :apiKeyId', { hash, apiKeyId })
      .getRawOne<{ hash: Buffer; apiKeyId: string; workspaceId: string }>();
    if (!row || !hashesEqual(row.hash, hash)) throw ApiError.unauthenticated();
    const principal = { apiKeyId: row.apiKeyId, workspaceId: row.workspaceId };
    this.apiKeys.set(cacheKey, principal);
    return principal;
  }
}
