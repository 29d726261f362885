import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ApiError,
  AppConfig,
  decryptSecret,
  encryptSecret,
  ErrorCode,
  generateToken,
  hashToken,
  newId,
} from '@app/common';
import { AuditProducer } from './audit.producer';
import { createApiKey, issueAuthToken } from './auth-token.factory';
import { ConsoleSessions } from './console-sessions.service';
import { isDisposableEmail } from './disposable-email';
import { CreateWorkspaceDto } from './dto/create-workspace.dto';
import { Account } from './entities/account.entity';
import { ApiKey } from './entities/api-key.entity';
import { Workspace } from './entities/workspace.entity';
import { apiKeyList, WorkspaceView } from './workspace-view';

export const MAX_WORKSPACES_PER_OWNER = 5;

@Injectable()
export class WorkspaceService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly audit: AuditProducer,
    private readonly consoleSessions: ConsoleSessions,
  ) {}

  async create(dto: CreateWorkspaceDto): Promise<WorkspaceView> {
    if (isDisposableEmail(dto.ownerEmail)) throw ApiError.invalid('Disposable email domains are not allowed.');
    const email = dto.ownerEmail.toLowerCase();
    const ownerName = dto.name ?? dto.ownerEmail;
    const workspaceName = dto.workspaceName ?? `${ownerName} workspace`;
    const view = await this.dataSource.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .insert()
        .into(Account)
        .values({ id: newId(), email, name: ownerName, avatar: dto.avatar ?? '' })
        .orIgnore()
        .execute();
      // The row lock serialises concurrent creates of one owner, so the limit cannot be overrun.
      const account = await manager.findOneOrFail(Account, { where: { email }, lock: { mode: 'pessimistic_write' } });
      const owned = await manager.count(Workspace, { where: { accountId: account.id } });
      if (owned >= MAX_WORKSPACES_PER_OWNER) {
        throw new ApiError(
          ErrorCode.RESOURCE_EXHAUSTED,
          `An owner may have at most ${MAX_WORKSPACES_PER_OWNER} workspaces.`,
        );
      }
      const authToken = generateToken();
      const workspace = manager.create(Workspace, {
        id: newId(),
        accountId: account.id,
        name: workspaceName,
        authTokenHash: hashToken(authToken),
        authTokenCiphertext: encryptSecret(authToken, this.config.encryptionKey),
      });
      await manager.insert(Workspace, workspace);
      const apiKey = await createApiKey(manager, workspace.id, 'testing');
      await issueAuthToken(manager, this.config.encryptionKey, apiKey.id);
      return this.view(workspace, account, authToken, [apiKey]);
    });
    await this.audit.record({ action: 'workspace.created', workspaceId: view.id, apiKeyId: null });
    return view;
  }

  async get(workspaceId: string): Promise<WorkspaceView> {
    const workspace = await this.dataSource.getRepository(Workspace).findOne({
      where: { id: workspaceId },
      relations: { account: true },
    });
    if (!workspace?.account) throw ApiError.notFound('Workspace not found.');
    const keys = await this.dataSource
      .getRepository(ApiKey)
      .find({ where: { workspaceId }, order: { createdAt: 'ASC', id: 'ASC' } });
    const authToken = decryptSecret(workspace.authTokenCiphertext, this.config.encryptionKey);
    return this.view(workspace, workspace.account, authToken, keys);
  }

  /**
   * A new workspace token; the old one stops working (modulo the credential cache, AUTH_CACHE_TTL_MS) and
   * every console session of the workspace ends in the same transaction, the caller's included.
   */
  async resetAuthToken(workspaceId: string): Promise<{ authToken: string }> {
    const authToken = generateToken();
    await this.dataSource.transaction(async (manager) => {
      const result = await manager.update(
        Workspace,
        { id: workspaceId },
        {
          authTokenHash: hashToken(authToken),
          authTokenCiphertext: encryptSecret(authToken, this.config.encryptionKey),
        },
      );
      if (!result.affected) throw ApiError.notFound('Workspace not found.');
      await this.consoleSessions.endAll(manager, workspaceId);
    });
    await this.audit.record({ action: 'workspace_token.reset', workspaceId, apiKeyId: null });
    return { authToken };
  }

  /**
   * Velt's owner e-mail verification status. Workspaces here are active from creation on (no
   * verification step, no key expires for want of one), so an owner's address is verified as soon as
   * it owns a workspace; an unknown address is NOT_FOUND, as in Velt.
   */
  async ownerEmailVerified(ownerEmail: string): Promise<true> {
    const account = await this.dataSource
      .getRepository(Account)
      .findOne({ where: { email: ownerEmail.toLowerCase() } });
    if (!account) throw ApiError.notFound('User not found');
    return true;
  }

  private view(workspace: Workspace, account: Account, authToken: string, keys: ApiKey[]): WorkspaceView {
    return {
      id: workspace.id,
      name: workspace.name,
      owner: { email: account.email, id: account.id, name: account.name, avatar: account.avatar },
      authToken,
      apiKeyList: apiKeyList(keys),
    };
  }
}
