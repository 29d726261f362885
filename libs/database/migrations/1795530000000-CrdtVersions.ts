import { MigrationInterface, QueryRunner } from 'typeorm';

export class CrdtVersions1795530000000 implements MigrationInterface {
  name = 'CrdtVersions1795530000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "crdt_history" (
                "id" BIGSERIAL NOT NULL,
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "editor_id" text COLLATE "C" NOT NULL,
                "data" bytea NOT NULL,
                "user_id" text,
                "first_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "last_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_crdt_history" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_crdt_history_editor" ON "crdt_history" ("api_key_id", "organization_id", "document_id", "editor_id", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_crdt_history_user" ON "crdt_history" ("api_key_id", "user_id", "organization_id") WHERE user_id IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE TABLE "crdt_version" (
                "seq" BIGSERIAL NOT NULL,
                "version_id" text NOT NULL DEFAULT gen_random_uuid(),
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "editor_id" text COLLATE "C" NOT NULL,
                "name" text,
                "kind" text NOT NULL,
                "history_id" bigint NOT NULL,
                "created_by" text,
                "restored_from" text,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_crdt_version" PRIMARY KEY ("seq")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_crdt_version_version_id" ON "crdt_version" ("version_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_crdt_version_editor" ON "crdt_version" ("api_key_id", "organization_id", "document_id", "editor_id", "seq")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_crdt_version_created_by" ON "crdt_version" ("api_key_id", "created_by", "organization_id") WHERE created_by IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE TABLE "crdt_version_policy" (
                "api_key_id" text NOT NULL,
                "automatic_minutes" integer NOT NULL,
                "automatic_retention_days" integer NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_crdt_version_policy" PRIMARY KEY ("api_key_id")
            )
        `);
    // The constraint names are TypeORM's own for these entities, so the schema check finds nothing to change.
    for (const [table, constraint] of [
      ['crdt_history', 'FK_99ec8395238ca17ad45b1891413'],
      ['crdt_version', 'FK_73691d494cee49188730e578fcf'],
    ]) {
      await queryRunner.query(`
                ALTER TABLE "${table}"
                ADD CONSTRAINT "${constraint}" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
            `);
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "crdt_version_policy"
        `);
    await queryRunner.query(`
            DROP TABLE "crdt_version"
        `);
    await queryRunner.query(`
            DROP TABLE "crdt_history"
        `);
  }
}
