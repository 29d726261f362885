import { ACCESS_ROLES, AccessRole } from '@app/resource';
import type { PermissionDecision } from '@app/user';

/** Type-only imports keep this file free of the user module's runtime (and so unit-testable alone). */

/** One decision of a permission provider's answer (Velt's PermissionResult item). */
export interface ProviderDecision extends PermissionDecision {
  organizationId?: string;
}

export interface ProviderAnswer {
  decisions: ProviderDecision[];
  /** generate_signature's output over `decisions`, when the provider signs its answers. */
  signature?: string;
}

/** A provider answer too large to be about one subscribe. */
const MAX_DECISIONS = 1000;

/** Why an answer cannot be used; the gateway reports it as the provider being unavailable. */
export class MalformedAnswerError extends Error {}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function decisionOf(item: unknown, index: number): ProviderDecision {
  const problem = (what: string) => new MalformedAnswerError(`data[${index}] ${what}`);
  if (!isRecord(item)) throw problem('is not an object');
  const { userId, resourceId, type, hasAccess, accessRole, expiresAt, organizationId } = item;
  if (typeof userId !== 'string' || typeof resourceId !== 'string' || typeof type !== 'string')
    throw problem('lacks userId, resourceId or type');
  if (typeof hasAccess !== 'boolean') throw problem('lacks a boolean hasAccess');
  if (accessRole != null && !(ACCESS_ROLES as readonly unknown[]).includes(accessRole))
    throw problem('has an accessRole other than viewer or editor');
  if (expiresAt != null && (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)))
    throw problem('has an expiresAt that is not a number');
  return {
    userId,
    resourceId,
    // Velt also answers `context` decisions; they are kept for the signature and never match a request here.
    type: type as PermissionDecision['type'],
    hasAccess,
    ...(accessRole != null ? { accessRole: accessRole as AccessRole } : {}),
    ...(expiresAt != null ? { expiresAt } : {}),
    ...(typeof organizationId === 'string' ? { organizationId } : {}),
  };
}

/** Velt's PermissionResult: `{data: [...], success, statusCode, message}`, plus our optional `signature`. */
export function parseProviderAnswer(body: unknown): ProviderAnswer {
  if (!isRecord(body) || !Array.isArray(body.data)) throw new MalformedAnswerError('has no data array');
  if (body.success === false) throw new MalformedAnswerError('says success: false');
  if (body.data.length > MAX_DECISIONS) throw new MalformedAnswerError(`has more than ${MAX_DECISIONS} decisions`);
  if (body.signature !== undefined && typeof body.signature !== 'string')
    throw new MalformedAnswerError('has a signature that is not a string');
  return {
    decisions: body.data.map(decisionOf),
    ...(typeof body.signature === 'string' ? { signature: body.signature } : {}),
  };
}

/** The decision about this user and resource; the last one wins when a provider repeats itself. */
export function decisionFor(
  decisions: readonly ProviderDecision[],
  userId: string,
  resource: { id: string; type: string },
): ProviderDecision | undefined {
  return decisions.findLast(
    (decision) => decision.userId === userId && decision.resourceId === resource.id && decision.type === resource.type,
  );
}

/** No decision is reused for more than a day, however far off its expiresAt. */
const MAX_CACHE_MS = 86_400_000;

/** How long a decision may be reused: until its expiresAt, else the configured default; 0 means not at all. */
export function cacheTtlMs(decision: Pick<PermissionDecision, 'expiresAt'>, now: number, defaultMs: number): number {
  const ttl = decision.expiresAt != null ? decision.expiresAt - now : defaultMs;
  return Math.max(0, Math.min(Math.floor(ttl), MAX_CACHE_MS));
}

/**
 * The role on the document: every decision on the way (organization, folder, document) must grant
 * access; the document's accessRole decides, editor when it names none (Velt's default role).
 */
export function roleFrom(
  path: ReadonlyArray<Pick<PermissionDecision, 'hasAccess'> | undefined>,
  document: Pick<PermissionDecision, 'accessRole'>,
): AccessRole | null {
  if (!path.every((decision) => decision?.hasAccess === true)) return null;
  return document.accessRole ?? 'editor';
}
