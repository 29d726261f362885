import { DocumentMigration } from './document-migration.entity';

export * from './document-migration.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const MIGRATION_ENTITIES = [DocumentMigration];
