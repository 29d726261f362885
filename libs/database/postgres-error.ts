import { QueryFailedError } from 'typeorm';

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a failed statement, whether TypeORM wrapped pg's error or pg's pool threw it. */
export function postgresErrorCode(error: unknown): string | undefined {
  const cause: unknown = error instanceof QueryFailedError ? error.driverError : error;
  const code = typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
