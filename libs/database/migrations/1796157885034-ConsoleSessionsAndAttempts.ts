import { MigrationInterface, QueryRunner } from 'typeorm';

export class ConsoleSessionsAndAttempts1796157885034 implements MigrationInterface {
  name = 'ConsoleSessionsAndAttempts1796157885034';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_webhook_delivery_endpoint"
        `);
    await queryRunner.query(`
            CREATE TABLE "console_login_link" (
                "token_hash" bytea NOT NULL,
                "workspace_id" text NOT NULL,
                "email" text NOT NULL,
                "continue_url" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "used_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_187f4ad9544f9230ffadcfe6747" PRIMARY KEY ("token_hash")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_6ed88a96c4738117e7dc23f7b8" ON "console_login_link" ("workspace_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "console_session" (
                "token_hash" bytea NOT NULL,
                "workspace_id" text NOT NULL,
                "method" text NOT NULL,
                "email" text,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                CONSTRAINT "PK_d2489983f3903a6c92782d0d0e1" PRIMARY KEY ("token_hash")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_04c36ef9e3c6bac294cf098cc6" ON "console_session" ("workspace_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "webhook_attempt" (
                "seq" BIGSERIAL NOT NULL,
                "delivery_id" text COLLATE "C" NOT NULL,
                "attempt" integer NOT NULL,
                "started_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "duration_ms" integer NOT NULL,
                "url" text NOT NULL,
                "request_headers" jsonb NOT NULL,
                "request_body" text NOT NULL,
                "response_status" integer,
                "response_headers" jsonb,
                "response_body" text,
                "error" text,
                CONSTRAINT "PK_acadf33bc56a3aa725a462db324" PRIMARY KEY ("seq")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_84c3a4d1f076b97885eaaefbdc" ON "webhook_attempt" ("delivery_id", "seq")
        `);
    await queryRunner.query(`
            ALTER TABLE "audit_event"
            ADD "actor" text
        `);
    await queryRunner.query(`
            ALTER TABLE "audit_event"
            ADD "details" jsonb
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_webhook_delivery_failed" ON "webhook_delivery" ("api_key_id", "created_at", "seq")
            WHERE status = 'failed'
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_webhook_delivery_endpoint" ON "webhook_delivery" ("api_key_id", "endpoint_id", "created_at", "seq")
            WHERE endpoint_id IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_webhook_delivery_log" ON "webhook_delivery" ("api_key_id", "created_at", "seq")
        `);
    // The console's name-prefix searches: expressions, declared on the entities with synchronize: false.
    await queryRunner.query(`
            CREATE INDEX "IDX_organization_name_prefix" ON "organization" ("api_key_id", (lower("name")) COLLATE "C", "id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_document_name_prefix" ON "document" ("api_key_id", "organization_id", (lower("name")) COLLATE "C", "id")
        `);
    await queryRunner.query(`
            ALTER TABLE "console_login_link"
            ADD CONSTRAINT "FK_6ed88a96c4738117e7dc23f7b84" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "console_session"
            ADD CONSTRAINT "FK_04c36ef9e3c6bac294cf098cc6b" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_attempt"
            ADD CONSTRAINT "FK_d7ed48c4841159bfd6bdee166ea" FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_document_name_prefix"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_organization_name_prefix"
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_attempt" DROP CONSTRAINT "FK_d7ed48c4841159bfd6bdee166ea"
        `);
    await queryRunner.query(`
            ALTER TABLE "console_session" DROP CONSTRAINT "FK_04c36ef9e3c6bac294cf098cc6b"
        `);
    await queryRunner.query(`
            ALTER TABLE "console_login_link" DROP CONSTRAINT "FK_6ed88a96c4738117e7dc23f7b84"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_webhook_delivery_log"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_webhook_delivery_endpoint"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_webhook_delivery_failed"
        `);
    await queryRunner.query(`
            ALTER TABLE "audit_event" DROP COLUMN "details"
        `);
    await queryRunner.query(`
            ALTER TABLE "audit_event" DROP COLUMN "actor"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_84c3a4d1f076b97885eaaefbdc"
        `);
    await queryRunner.query(`
            DROP TABLE "webhook_attempt"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_04c36ef9e3c6bac294cf098cc6"
        `);
    await queryRunner.query(`
            DROP TABLE "console_session"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_6ed88a96c4738117e7dc23f7b8"
        `);
    await queryRunner.query(`
            DROP TABLE "console_login_link"
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_webhook_delivery_endpoint" ON "webhook_delivery" ("api_key_id", "endpoint_id", "seq")
            WHERE endpoint_id IS NOT NULL
        `);
  }
}
