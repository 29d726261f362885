import { MigrationInterface, QueryRunner } from 'typeorm';

export class CrdtEditors1795510000000 implements MigrationInterface {
  name = 'CrdtEditors1795510000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "crdt_editor" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "editor_id" text COLLATE "C" NOT NULL,
                "state" bytea NOT NULL,
                "type" text,
                "content_key" text,
                "last_updated_by" text,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_14bb5c63b7b10ace73acb4361f7" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "editor_id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "crdt_update" (
                "id" BIGSERIAL NOT NULL,
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "editor_id" text COLLATE "C" NOT NULL,
                "data" bytea NOT NULL,
                "user_id" text,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_dede3df71342e230a0d85dc3dde" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_4ca8812a399949359e7a923396" ON "crdt_update" (
                "api_key_id",
                "organization_id",
                "document_id",
                "editor_id",
                "id"
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "crdt_editor"
            ADD CONSTRAINT "FK_7907e600ec5dee2ae9389168667" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "crdt_update"
            ADD CONSTRAINT "FK_50804dc2ba348168659554a1d27" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "crdt_update" DROP CONSTRAINT "FK_50804dc2ba348168659554a1d27"
        `);
    await queryRunner.query(`
            ALTER TABLE "crdt_editor" DROP CONSTRAINT "FK_7907e600ec5dee2ae9389168667"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_4ca8812a399949359e7a923396"
        `);
    await queryRunner.query(`
            DROP TABLE "crdt_update"
        `);
    await queryRunner.query(`
            DROP TABLE "crdt_editor"
        `);
  }
}
