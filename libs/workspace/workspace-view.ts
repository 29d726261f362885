import { ApiKey } from './entities/api-key.entity';

export interface WorkspaceView {
  id: string;
  name: string;
  owner: { email: string; id: string; name: string; avatar: string };
  authToken: string;
  apiKeyList: Record<string, { apiKeyName: string; id: string; type: string }>;
}

export interface AuthTokenView {
  /** Ours: what `authtoken/revoke` names. */
  id: string;
  token: string;
  name: string;
  domains: string[];
}

/** Spec: apiKeyList is a keyed object, not an array. */
export function apiKeyList(keys: ApiKey[]): WorkspaceView['apiKeyList'] {
  const list: WorkspaceView['apiKeyList'] = {};
  for (const key of keys) list[key.id] = { apiKeyName: key.name, id: key.id, type: key.type };
  return list;
}
