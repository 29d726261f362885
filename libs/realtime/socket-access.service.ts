import { Injectable } from '@nestjs/common';
import { AccessService } from '@app/access';
import { ApiError, ErrorCode } from '@app/common';
import { AccessRole } from '@app/resource';
import { EndUser } from '@app/user';
import { PermissionProviderConfigService } from '@app/workspace';
import { PermissionProviderError } from './permission-provider-client';
import { ProviderAccessService } from './provider-access.service';

/**
 * What an end user connected over a socket (socket.io or the CRDT sync endpoint) may do on a document.
 * With Velt's permission provider on (and a URL set) the provider decides, else the stored grants.
 * Only socket access follows the provider: REST routes are the API key holder's and keep the grants.
 */
@Injectable()
export class SocketAccess {
  constructor(
    private readonly access: AccessService,
    private readonly providerConfig: PermissionProviderConfigService,
    private readonly providerAccess: ProviderAccessService,
  ) {}

  async roleOn(user: EndUser, organizationId: string, documentId: string): Promise<AccessRole | null> {
    const provider = await this.providerConfig.active(user.apiKeyId);
    if (provider) return this.providerAccess.roleOn(provider, user, organizationId, documentId);
    return this.access.roleOn(user, organizationId, documentId);
  }

  /** For re-checks of live connections: a provider that fails, or a resource gone, means no access. */
  recheckRoleOn(user: EndUser, organizationId: string, documentId: string): Promise<AccessRole | null> {
    return this.roleOn(user, organizationId, documentId).catch((error: unknown) => {
      if (error instanceof PermissionProviderError || (error instanceof ApiError && error.code === ErrorCode.NOT_FOUND))
        return null;
      throw error;
    });
  }
}
