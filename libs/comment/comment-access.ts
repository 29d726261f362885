import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AccessService } from '@app/access';
import { ApiError, ErrorCode } from '@app/common';
import { ensureDocument, ensureOrganization } from '@app/resource';
import { CommentUser } from './entities/comment-user';

export interface DocumentRef {
  organizationId: string;
  documentId: string;
}

/** Reading comments needs any role on the document; writing them (a change to the document) needs editor. */
export type AccessMode = 'read' | 'write';

/**
 * An end user acting from the client plane: the socket gateway resolved their role on the document
 * (stored grants or the permission provider), so the comment services check that role, not `from`'s grants.
 */
export interface EndUserActor {
  userId: string;
  role: 'editor' | 'viewer';
}

/** Velt's create and verify flags of the add routes. */
export interface AddFlags {
  createOrganization?: boolean;
  createDocument?: boolean;
  verifyUserPermissions?: boolean;
}

/** What an add route checks: the request's document, acting user and flags, and the authors of its comments. */
export interface AddCheck {
  apiKeyId: string;
  request: DocumentRef & AddFlags & { from?: CommentUser };
  authors: CommentUser[];
  /** An end user acting through the client plane: only their own write access is checked. */
  actor?: EndUserActor;
}

/**
 * The one place comment operations check the document and the acting user. Requests without `from`
 * act with the API key's authority; with `from`, the user's effective access (docs/architecture.md "Tenancy and access") decides.
 */
@Injectable()
export class CommentAccess {
  constructor(private readonly access: AccessService) {}

  async check(
    manager: EntityManager,
    apiKeyId: string,
    ref: DocumentRef,
    from: CommentUser | undefined,
    mode: AccessMode,
    actor?: EndUserActor,
  ): Promise<void> {
    if (actor) {
      if (mode === 'write' && actor.role !== 'editor')
        throw new ApiError(ErrorCode.PERMISSION_DENIED, 'The user may not comment on this document.');
      return;
    }
    if (!from) {
      await ensureDocument(manager, apiKeyId, ref.organizationId, ref.documentId, {
        lock: false,
        checkOrganization: false,
      });
      return;
    }
    if (!(await this.allows(manager, apiKeyId, ref, from.userId, mode))) {
      throw new ApiError(
        ErrorCode.PERMISSION_DENIED,
        mode === 'write' ? 'The user may not comment on this document.' : 'The user may not read this document.',
      );
    }
  }

  /** Whether the user holds the role `mode` needs; NOT_FOUND when the document does not exist. */
  async allows(
    manager: EntityManager,
    apiKeyId: string,
    ref: DocumentRef,
    userId: string,
    mode: AccessMode,
  ): Promise<boolean> {
    const role = await this.access.roleOn(
      { apiKeyId, userId, isAdmin: false },
      ref.organizationId,
      ref.documentId,
      manager,
    );
    return role !== null && (mode === 'read' || role === 'editor');
  }

  /** Whether the user may read each document, in one query; a document that does not exist has no entry. */
  async readable(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentIds: string[],
    userId: string,
  ): Promise<Map<string, boolean>> {
    const roles = await this.access.rolesOn({ apiKeyId, userId, isAdmin: false }, organizationId, documentIds, manager);
    return new Map([...roles].map(([documentId, role]) => [documentId, role !== null]));
  }

  /**
   * The add routes: creates what the flags ask for, checks the acting user, then (verifyUserPermissions)
   * each comment author, who must be able to write on the document. The caller's write statement itself
   * answers NOT_FOUND for a missing document, so a request without `from` needs no statement of its own here.
   */
  async checkAdd(manager: EntityManager, { apiKeyId, request, authors, actor }: AddCheck): Promise<void> {
    const { from, organizationId, documentId } = request;
    const ref: DocumentRef = { organizationId, documentId };
    if (actor) return this.check(manager, apiKeyId, ref, from, 'write', actor);
    if (request.createOrganization)
      await ensureOrganization(manager, apiKeyId, ref.organizationId, { create: true, lock: false });
    if (request.createDocument)
      await ensureDocument(manager, apiKeyId, ref.organizationId, ref.documentId, {
        create: true,
        lock: false,
        checkOrganization: false,
      });
    if (from) await this.check(manager, apiKeyId, ref, from, 'write');
    if (!request.verifyUserPermissions) return;
    for (const userId of new Set(authors.map((author) => author.userId))) {
      if (!(await this.allows(manager, apiKeyId, ref, userId, 'write'))) {
        throw new ApiError(ErrorCode.PERMISSION_DENIED, `The user ${userId} may not comment on this document.`);
      }
    }
  }
}
