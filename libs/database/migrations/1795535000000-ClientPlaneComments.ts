import { MigrationInterface, QueryRunner } from 'typeorm';

export class ClientPlaneComments1795535000000 implements MigrationInterface {
  name = 'ClientPlaneComments1795535000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "comment_change" (
                "seq" BIGSERIAL NOT NULL,
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "annotation_id" text COLLATE "C" NOT NULL,
                "kind" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_f3c53eced59d6f497c21ceb6803" PRIMARY KEY ("seq")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_comment_change_document" ON "comment_change" (
                "api_key_id",
                "organization_id",
                "document_id",
                "seq"
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "comment_read" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "annotation_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "read_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_c996aa3c69ce0f9dd6ee8e51d2d" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "annotation_id",
                    "user_id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_comment_read_user" ON "comment_read" ("api_key_id", "user_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "comment_change"
            ADD CONSTRAINT "FK_c4e39e2c1b647029e65c73f9a67" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "comment_read"
            ADD CONSTRAINT "FK_7099ee70f7fd4d160ab7319fdc9" FOREIGN KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "annotation_id"
                ) REFERENCES "comment_annotation"(
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "id"
                ) ON DELETE CASCADE ON UPDATE CASCADE
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "comment_read" DROP CONSTRAINT "FK_7099ee70f7fd4d160ab7319fdc9"
        `);
    await queryRunner.query(`
            ALTER TABLE "comment_change" DROP CONSTRAINT "FK_c4e39e2c1b647029e65c73f9a67"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_comment_read_user"
        `);
    await queryRunner.query(`
            DROP TABLE "comment_read"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_comment_change_document"
        `);
    await queryRunner.query(`
            DROP TABLE "comment_change"
        `);
  }
}
