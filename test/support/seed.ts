import { apiKeyHeaders, Credentials, post } from './http-client';
import { TestEnvironment } from './test-environment';

/**
 * Organizations, folders and documents written straight into PostgreSQL: suites that are not
 * about those endpoints set up their world here. A seeded document brings its organization.
 */
export async function seedOrganization(
  world: TestEnvironment,
  apiKeyId: string,
  organizationId: string,
  disabled = false,
): Promise<void> {
  await world.query('INSERT INTO organization (api_key_id, id, name, disabled) VALUES ($1, $2, $2, $3)', [
    apiKeyId,
    organizationId,
    disabled,
  ]);
}

export async function seedFolder(
  world: TestEnvironment,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
  parentFolderId: string | null = null,
): Promise<void> {
  await world.query(
    'INSERT INTO folder (api_key_id, organization_id, id, name, parent_folder_id) VALUES ($1, $2, $3, $3, $4)',
    [apiKeyId, organizationId, folderId, parentFolderId],
  );
}

export async function seedDocument(
  world: TestEnvironment,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
  options: { folderId?: string; accessType?: 'public' | 'organizationPrivate' | 'restricted'; disabled?: boolean } = {},
): Promise<void> {
  await world.query('INSERT INTO organization (api_key_id, id, name) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING', [
    apiKeyId,
    organizationId,
  ]);
  await world.query(
    'INSERT INTO document (api_key_id, organization_id, id, name, folder_id, access_type, disabled) VALUES ($1, $2, $3, $3, $4, $5, $6)',
    [
      apiKeyId,
      organizationId,
      documentId,
      options.folderId ?? null,
      options.accessType ?? 'public',
      options.disabled ?? false,
    ],
  );
}

/** Organization members with a role, through the users endpoint, so comment authors pass the access rule. */
export async function seedEditors(
  baseUrl: string,
  credentials: Credentials,
  organizationId: string,
  userIds: string[],
): Promise<void> {
  const response = await post(
    baseUrl,
    '/v2/users/add',
    { organizationId, users: userIds.map((userId) => ({ userId, accessRole: 'editor' })) },
    apiKeyHeaders(credentials),
  );
  if (response.status !== 200) throw new Error(`users/add failed: ${JSON.stringify(response.body)}`);
}
