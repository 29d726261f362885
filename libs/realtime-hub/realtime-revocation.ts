import { Injectable } from '@nestjs/common';
import { RealtimeHub } from './realtime-hub';

/**
 * Call after committing a change that may take access away (disable state, grant or user removal):
 * every instance re-resolves the matching subscriptions and sends `access_revoked` to those that lost it.
 */
@Injectable()
export class RealtimeRevocation {
  constructor(private readonly hub: RealtimeHub) {}

  revokeOrganization(apiKeyId: string, organizationId: string): Promise<void> {
    return this.hub.recheck({ apiKeyId, organizationId });
  }

  revokeDocument(apiKeyId: string, organizationId: string, documentId: string): Promise<void> {
    return this.hub.recheck({ apiKeyId, organizationId, documentId });
  }

  revokeUsers(apiKeyId: string, userIds: string[], organizationId?: string): Promise<void> {
    return this.hub.recheck({ apiKeyId, organizationId, userIds });
  }
}
