import { EntityManager } from 'typeorm';
import { encryptSecret, generateToken, hashToken, newId } from '@app/common';
import { ApiKey, ApiKeyType } from './entities/api-key.entity';
import { AuthToken } from './entities/auth-token.entity';
import { AuthTokenView } from './workspace-view';

export const DEFAULT_API_KEY_NAME = 'Default API Key';
export const DEFAULT_AUTH_TOKEN_NAME = 'Default Auth Token';

/** Stores a fresh auth token for the key; the clear token is returned once, to the caller. */
export async function issueAuthToken(
  manager: EntityManager,
  encryptionKey: Buffer,
  apiKeyId: string,
  name = DEFAULT_AUTH_TOKEN_NAME,
): Promise<AuthTokenView> {
  const token = generateToken();
  const id = newId();
  await manager.insert(AuthToken, {
    id,
    apiKeyId,
    name,
    tokenHash: hashToken(token),
    tokenCiphertext: encryptSecret(token, encryptionKey),
    domains: [],
  });
  return { id, token, name, domains: [] };
}

export async function createApiKey(
  manager: EntityManager,
  workspaceId: string,
  type: ApiKeyType,
  name = DEFAULT_API_KEY_NAME,
): Promise<ApiKey> {
  const apiKey = manager.create(ApiKey, { id: newId(), workspaceId, type, name });
  await manager.insert(ApiKey, apiKey);
  return apiKey;
}
