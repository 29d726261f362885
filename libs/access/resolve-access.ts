import { AccessType } from '@app/document';
import { AccessRole } from '@app/resource';

export interface Grant {
  role: AccessRole;
  expiresAt: Date | null;
}

/** Everything the rule needs to know about one user and one document, already loaded. */
export interface AccessFacts {
  organizationDisabled: boolean;
  documentDisabled: boolean;
  accessType: AccessType;
  isAdmin: boolean;
  /** The user has a profile in the organization (users add/update). */
  isOrganizationMember: boolean;
  documentGrant: Grant | null;
  /** Grants on the document's folder chain, nearest folder first; null where a folder has none. */
  folderGrants: Array<Grant | null>;
  organizationGrant: Grant | null;
  now: Date;
}

function live(grant: Grant | null, now: Date): Grant | null {
  if (!grant) return null;
  return grant.expiresAt === null || grant.expiresAt > now ? grant : null;
}

const READ_BY_RULE: Grant = { role: 'viewer', expiresAt: null };
const ADMIN: Grant = { role: 'editor', expiresAt: null };

/**
 * Effective access of docs/architecture.md "Tenancy and access". A disabled organization or document denies everyone, admins
 * included. Otherwise the most specific live grant wins (document, then folders nearest first,
 * then organization). The document's accessType decides what counts beyond that:
 * `restricted` honours only grants on the document itself or its folders; `organizationPrivate`
 * adds the organization grant and lets members read; `public` lets any user of the key read.
 */
export function resolveAccess(facts: AccessFacts): AccessRole | null {
  return resolveGrant(facts)?.role ?? null;
}

/** What decided a user's access, for the console's "who has access and why" (libs/access/document-access-explainer.ts). */
export type AccessReason =
  | 'organization-disabled'
  | 'document-disabled'
  | 'admin'
  | 'document-grant'
  | 'folder-grant'
  | 'restricted'
  | 'organization-grant'
  | 'public'
  | 'organization-member'
  | 'none';

/** The access, the grant that decided it, and why; `folderIndex` is the deciding folder's place in the chain (0: nearest). */
export interface AccessDecision {
  grant: Grant | null;
  reason: AccessReason;
  folderIndex?: number;
}

/** resolveAccess with the grant that decided it, so callers can show when the access ends (null: it does not). */
export function resolveGrant(facts: AccessFacts): Grant | null {
  return explainAccess(facts).grant;
}

/** The rule of resolveAccess, step by step, naming the step that decided. */
export function explainAccess(facts: AccessFacts): AccessDecision {
  if (facts.organizationDisabled) return { grant: null, reason: 'organization-disabled' };
  if (facts.documentDisabled) return { grant: null, reason: 'document-disabled' };
  if (facts.isAdmin) return { grant: ADMIN, reason: 'admin' };
  const documentGrant = live(facts.documentGrant, facts.now);
  if (documentGrant) return { grant: documentGrant, reason: 'document-grant' };
  const folderIndex = facts.folderGrants.findIndex((grant) => live(grant, facts.now) !== null);
  if (folderIndex >= 0) return { grant: facts.folderGrants[folderIndex], reason: 'folder-grant', folderIndex };
  if (facts.accessType === 'restricted') return { grant: null, reason: 'restricted' };
  const organizationGrant = live(facts.organizationGrant, facts.now);
  if (organizationGrant) return { grant: organizationGrant, reason: 'organization-grant' };
  if (facts.accessType === 'public') return { grant: READ_BY_RULE, reason: 'public' };
  return facts.isOrganizationMember
    ? { grant: READ_BY_RULE, reason: 'organization-member' }
    : { grant: null, reason: 'none' };
}
