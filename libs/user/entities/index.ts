import { AppUser } from './app-user.entity';
import { DocumentGrant } from './document-grant.entity';
import { FolderGrant } from './folder-grant.entity';
import { OrganizationGrant } from './organization-grant.entity';
import { UserTokenSecret } from './user-token-secret.entity';

export * from './app-user.entity';
export * from './document-grant.entity';
export * from './folder-grant.entity';
export * from './organization-grant.entity';
export * from './user-token-secret.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const USER_ENTITIES = [AppUser, DocumentGrant, FolderGrant, OrganizationGrant, UserTokenSecret];
