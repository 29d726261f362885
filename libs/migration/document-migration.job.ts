/** Job names on the migration queue. */
export const MIGRATION_JOB = {
  MIGRATE: 'migrate',
  SWEEP: 'sweep',
} as const;

/** Payload of a migrate job; its BullMQ job id is the migration id too. */
export interface DocumentMigrationJob {
  migrationId: string;
}
