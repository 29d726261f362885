import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError, ErrorCode } from '@app/common';
import { CommentUser } from './entities/comment-user';

export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

export type AccessMode = 'read' | 'write';

/**
 * The one place comment operations check the document and the acting user. Requests without `from`
 * act with the API key's authority; with `from`, the user's access to the document is checked here.
 */
@Injectable()
export class CommentAccess {
  async check(manager: EntityManager, apiKeyId: string, ref: DocumentRef, from: CommentUser | undefined, mode: AccessMode): Promise<void> {
    const [document] = await manager.query(
      `SELECT d.disabled AS "documentDisabled", o.disabled AS "organizationDisabled"
         FROM document d JOIN organization o ON o.api_key_id = d.api_key_id AND o.id = d.organization_id
        WHERE d.api_key_id = $1 AND d.organization_id = $2 AND d.id = $3`,
      [apiKeyId, ref.organizationId, ref.documentId],
    );
    if (!document) throw ApiError.notFound('Document does not exist.');
    if (from) this.checkUser(document, from, mode);
  }

  /**
   * DESIGN §3: a disabled organization or document denies every user. The grant resolution of the
   * users/permissions module (viewer may read, editor may write) joins this check when it lands.
   */
  private checkUser(document: { documentDisabled: boolean; organizationDisabled: boolean }, _from: CommentUser, _mode: AccessMode): void {
    if (document.documentDisabled || document.organizationDisabled) {
      throw new ApiError(ErrorCode.PERMISSION_DENIED, 'Access to this document is disabled.');
    }
  }
}
