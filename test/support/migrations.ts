import { ApiResponse } from './http-client';
import { eventually } from './eventually';

/** A suite's API-key call; `T` is the `data` shape the caller expects. */
export type Call = <T = unknown>(path: string, data: unknown) => Promise<ApiResponse<T>>;

export interface MigrationStatus {
  migrationId: string;
  status: string;
  error?: string;
}

export const WORKER_TIMINGS = {
  // Short enough that stalled-job recovery after a SIGKILL takes seconds, not the production 30 s.
  MIGRATION_LOCK_DURATION_MS: '2000',
  MIGRATION_STALLED_INTERVAL_MS: '1000',
  MIGRATION_SWEEP_INTERVAL_MS: '1000',
};

/** Starts a migration and returns its id; throws with the envelope when refused. */
export async function startMigration(
  call: Call,
  organizationId: string,
  documentId: string,
  newDocumentId: string,
): Promise<string> {
  const response = await call<{ migrationId: string }>('/v2/organizations/documents/migrate', {
    organizationId,
    documentId,
    newDocumentId,
  });
  if (response.status !== 200) throw new Error(`migrate refused: ${JSON.stringify(response.body)}`);
  return response.body.result.data.migrationId;
}

export async function migrationStatus(
  call: Call,
  organizationId: string,
  migrationId: string,
): Promise<MigrationStatus> {
  const response = await call<MigrationStatus>('/v2/organizations/documents/migrate/status', {
    organizationId,
    migrationId,
  });
  if (response.status !== 200) throw new Error(`status refused: ${JSON.stringify(response.body)}`);
  return response.body.result.data;
}

/** Polls the status endpoint until the migration is completed or failed. */
export function settled(call: Call, organizationId: string, migrationId: string, timeoutMs = 30_000) {
  return eventually(
    async () => {
      const data = await migrationStatus(call, organizationId, migrationId);
      if (data.status !== 'completed' && data.status !== 'failed')
        throw new Error(`migration ${migrationId} still ${data.status}`);
      return data;
    },
    { timeoutMs, intervalMs: 100 },
  );
}
