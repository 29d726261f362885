import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccessService } from '@app/access';
import { ApiError, ErrorCode } from '@app/common';
import { ensureDocument } from '@app/resource';
import { CommentUser } from './entities/comment-user';

export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

/** Reading comments needs any role on the document; writing them (a change to the document) needs editor. */
export type AccessMode = 'read' | 'write';

/**
 * The one place comment operations check the document and the acting user. Requests without `from`
 * act with the API key's authority; with `from`, the user's effective access (DESIGN §3) decides.
 */
@Injectable()
export class CommentAccess {
  constructor(private readonly access: AccessService) {}

  async check(manager: EntityManager, apiKeyId: string, ref: DocumentRef, from: CommentUser | undefined, mode: AccessMode): Promise<void> {
    if (!from) {
      await ensureDocument(manager, apiKeyId, ref.organizationId, ref.documentId, { lock: false, checkOrganization: false });
      return;
    }
    const role = await this.access.roleOn({ apiKeyId, userId: from.userId, isAdmin: false }, ref.organizationId, ref.documentId, manager);
    if (role === null || (mode === 'write' && role !== 'editor')) {
      throw new ApiError(ErrorCode.PERMISSION_DENIED, mode === 'write' ? 'The user may not comment on this document.' : 'The user may not read this document.');
    }
  }
}
