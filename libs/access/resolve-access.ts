import { AccessType } from '@app/document';
import { AccessRole } from '@app/user';

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

/** resolveAccess with the grant that decided it, so callers can show when the access ends (null: it does not). */
export function resolveGrant(facts: AccessFacts): Grant | null {
  if (facts.organizationDisabled || facts.documentDisabled) return null;
  if (facts.isAdmin) return ADMIN;
  const explicit = live(facts.documentGrant, facts.now) ?? firstLive(facts.folderGrants, facts.now);
  if (explicit) return explicit;
  if (facts.accessType === 'restricted') return null;
  const organizationGrant = live(facts.organizationGrant, facts.now);
  if (organizationGrant) return organizationGrant;
  if (facts.accessType === 'public') return READ_BY_RULE;
  return facts.isOrganizationMember ? READ_BY_RULE : null;
}

function firstLive(grants: Array<Grant | null>, now: Date): Grant | null {
  for (const grant of grants) {
    const found = live(grant, now);
    if (found) return found;
  }
  return null;
}
