import { createHmac, timingSafeEqual } from 'node:crypto';
import { ResourceType } from '@app/resource';
import { AccessRole } from '@app/resource';

/** One permission decision as Velt's generate_signature takes it and a permission provider answers it. */
export interface PermissionDecision {
  userId: string;
  resourceId: string;
  type: ResourceType;
  hasAccess: boolean;
  accessRole?: AccessRole | null;
  expiresAt?: number | null;
}

const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The signed text: a JSON array in the given order, each decision with its keys in one fixed order
 * and optional ones (absent or null) left out, so how the caller built its objects cannot change it.
 */
export function canonicalPermissions(permissions: readonly PermissionDecision[]): string {
  return JSON.stringify(
    permissions.map(({ userId, resourceId, type, hasAccess, accessRole, expiresAt }) => ({
      userId,
      resourceId,
      type,
      hasAccess,
      ...(accessRole != null ? { accessRole } : {}),
      ...(expiresAt != null ? { expiresAt } : {}),
    })),
  );
}

/** HMAC-SHA256 of the canonical text, lowercase hex. */
export function signPermissions(key: Uint8Array, permissions: readonly PermissionDecision[]): string {
  return createHmac('sha256', key).update(canonicalPermissions(permissions)).digest('hex');
}

/** Constant-time check of a signature made by signPermissions; any other form of signature is a mismatch. */
export function verifyPermissions(
  key: Uint8Array,
  permissions: readonly PermissionDecision[],
  signature: string,
): boolean {
  const normalized = signature.toLowerCase();
  if (!SIGNATURE_PATTERN.test(normalized)) return false;
  return timingSafeEqual(Buffer.from(signPermissions(key, permissions), 'hex'), Buffer.from(normalized, 'hex'));
}
