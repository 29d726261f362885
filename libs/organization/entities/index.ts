import { OrganizationUserGroupMember } from './organization-user-group-member.entity';
import { OrganizationUserGroup } from './organization-user-group.entity';
import { Organization } from './organization.entity';

export * from './organization-user-group-member.entity';
export * from './organization-user-group.entity';
export * from './organization.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const ORGANIZATION_ENTITIES = [OrganizationUserGroupMember, OrganizationUserGroup, Organization];
