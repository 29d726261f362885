import { Inject, Injectable } from '@nestjs/common';
import { AccessService } from '@app/access';
import { AppConfig, ErrorCode } from '@app/common';
import { REDIS, RedisClient } from '@app/redis';
import { AccessRole } from '@app/resource';
import { EndUser, UserTokenService } from '@app/user';
import { ActivePermissionProvider } from '@app/workspace';
import { PermissionProviderClient, PermissionProviderError } from './permission-provider-client';
import {
  cacheTtlMs,
  decisionFor,
  MalformedAnswerError,
  parseProviderAnswer,
  ProviderAnswer,
  roleFrom,
} from './provider-answer';

/** One resource of Velt's PermissionQuery; `source` names the call that asks, here always a subscribe. */
interface QueriedResource {
  id: string;
  type: 'organization' | 'folder' | 'document';
  source: 'subscribe';
  organizationId: string;
  parentFolderId?: string;
}

/** What is kept of a decision between subscribes. */
interface CachedDecision {
  hasAccess: boolean;
  accessRole?: AccessRole;
}

const DECISION_PREFIX = 'permission-decision:';

/**
 * Scoped by API key, user and resource, so no decision is ever read for another tenant or user. The
 * user is the cluster hash tag: one subscribe's MGET and its MULTI of writes name keys of one slot.
 */
function decisionKey(user: EndUser, resource: QueriedResource): string {
  return `${DECISION_PREFIX}{${JSON.stringify([user.apiKeyId, user.userId])}}${JSON.stringify([resource.type, resource.organizationId, resource.id])}`;
}

/**
 * Velt's real-time permission provider (key-concepts: Real-time Permission Provider): the user's
 * access to the organization, the document's folder and the document, asked in one POST and
 * reused from Redis until each decision's expiresAt (else PERMISSION_PROVIDER_CACHE_TTL_S).
 */
@Injectable()
export class ProviderAccessService {
  constructor(
    private readonly access: AccessService,
    private readonly client: PermissionProviderClient,
    private readonly tokens: UserTokenService,
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {}

  /** The role the provider gives, or null; NOT_FOUND for a missing document, PermissionProviderError when it cannot be asked. */
  async roleOn(
    provider: ActivePermissionProvider,
    user: EndUser,
    organizationId: string,
    documentId: string,
  ): Promise<AccessRole | null> {
    const placement = await this.access.documentPlacement(user.apiKeyId, organizationId, documentId);
    if (placement.disabled) return null;
    const folderId = placement.folderId;
    const resources: QueriedResource[] = [
      { id: organizationId, type: 'organization', source: 'subscribe', organizationId },
      ...(folderId ? [{ id: folderId, type: 'folder' as const, source: 'subscribe' as const, organizationId }] : []),
      {
        id: documentId,
        type: 'document',
        source: 'subscribe',
        organizationId,
        ...(folderId ? { parentFolderId: folderId } : {}),
      },
    ];
    const cached = await this.redis.mget(resources.map((resource) => decisionKey(user, resource)));
    const decisions: Array<CachedDecision | undefined> = cached.map((value) =>
      value === null ? undefined : (JSON.parse(value) as CachedDecision),
    );
    const missing = resources.filter((_, i) => decisions[i] === undefined);
    if (missing.length > 0) {
      const answered = await this.ask(provider, user, missing);
      resources.forEach((resource, i) => {
        decisions[i] ??= answered.get(resource);
      });
    }
    return roleFrom(decisions, decisions[decisions.length - 1] ?? {});
  }

  private async ask(
    provider: ActivePermissionProvider,
    user: EndUser,
    resources: QueriedResource[],
  ): Promise<Map<QueriedResource, CachedDecision>> {
    const body = await this.client.post(provider, {
      data: { requests: resources.map((resource) => ({ userId: user.userId, resource })) },
    });
    let answer: ProviderAnswer;
    try {
      answer = parseProviderAnswer(body);
    } catch (error) {
      if (error instanceof MalformedAnswerError)
        throw new PermissionProviderError(`answer unusable: ${error.message}.`);
      throw error;
    }
    // Velt's own answers carry no signature, so one is checked only when the provider sends it.
    if (
      answer.signature !== undefined &&
      !(await this.tokens.verifyPermissions(user.apiKeyId, answer.decisions, answer.signature))
    ) {
      throw new PermissionProviderError('answer signature does not match; no access.', ErrorCode.PERMISSION_DENIED);
    }
    const found = new Map<QueriedResource, CachedDecision>();
    const now = Date.now();
    const writes = this.redis.multi();
    for (const resource of resources) {
      const decision = decisionFor(answer.decisions, user.userId, resource);
      // A resource the provider did not answer about is denied this time and asked again next time.
      if (!decision) continue;
      const kept: CachedDecision = {
        hasAccess: decision.hasAccess,
        ...(decision.accessRole ? { accessRole: decision.accessRole } : {}),
      };
      found.set(resource, kept);
      const ttlMs = cacheTtlMs(decision, now, this.config.permissionProviderCacheTtlSeconds * 1000);
      if (ttlMs > 0) writes.set(decisionKey(user, resource), JSON.stringify(kept), 'PX', ttlMs);
    }
    await writes.exec();
    return found;
  }
}
