import { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1795470000000 implements MigrationInterface {
  name = 'Notifications1795470000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "notification" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "seq" BIGSERIAL NOT NULL,
                "location_id" text COLLATE "C",
                "action_user" jsonb,
                "headline_template" text,
                "headline_template_data" jsonb,
                "body_message" text,
                "source" text NOT NULL,
                "source_data" jsonb,
                "context" jsonb,
                "notify_all" boolean NOT NULL,
                "resolver_used" boolean NOT NULL DEFAULT false,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_4ae5f3632c1273656aa2d6eafee" PRIMARY KEY ("api_key_id", "organization_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_a31cb20edc48707a27e487bd43" ON "notification" (
                "api_key_id",
                "organization_id",
                "document_id",
                "seq"
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_4f6ae57caeef27f66930684f78" ON "notification" ("api_key_id", "organization_id", "seq")
        `);
    await queryRunner.query(`
            CREATE TABLE "notification_document_config" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "inbox" text,
                "email" text,
                "slack" text,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_975f074972069a84f90333d1db1" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "user_id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "notification_user" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "notification_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "notified" boolean NOT NULL DEFAULT false,
                "person" jsonb,
                "read_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_25104ec678671a3ddfbb3f55719" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "notification_id",
                    "user_id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_notification_user_user" ON "notification_user" ("api_key_id", "user_id", "organization_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "notification_user_config" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "inbox" text,
                "email" text,
                "slack" text,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_56df3479b7ea8ceb10132cb1d14" PRIMARY KEY ("api_key_id", "organization_id", "user_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "notification_workspace_config" (
                "api_key_id" text NOT NULL,
                "use_notification_service" boolean NOT NULL DEFAULT false,
                "service_config" jsonb NOT NULL DEFAULT '{}',
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ae913b0cc1379c7db0eb64ba4a0" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "notification"
            ADD CONSTRAINT "FK_8a87f8e7d96e95fd79bd7b43159" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_document_config"
            ADD CONSTRAINT "FK_9e53ee0b8a2bdd9b3f32f237576" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_user"
            ADD CONSTRAINT "FK_e2b26a407902c7b28d3574948e5" FOREIGN KEY (
                    "api_key_id",
                    "organization_id",
                    "notification_id"
                ) REFERENCES "notification"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_user_config"
            ADD CONSTRAINT "FK_aa0431fd02d415ddead11930d3b" FOREIGN KEY ("api_key_id", "organization_id") REFERENCES "organization"("api_key_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_workspace_config"
            ADD CONSTRAINT "FK_ae913b0cc1379c7db0eb64ba4a0" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "notification_workspace_config" DROP CONSTRAINT "FK_ae913b0cc1379c7db0eb64ba4a0"
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_user_config" DROP CONSTRAINT "FK_aa0431fd02d415ddead11930d3b"
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_user" DROP CONSTRAINT "FK_e2b26a407902c7b28d3574948e5"
        `);
    await queryRunner.query(`
            ALTER TABLE "notification_document_config" DROP CONSTRAINT "FK_9e53ee0b8a2bdd9b3f32f237576"
        `);
    await queryRunner.query(`
            ALTER TABLE "notification" DROP CONSTRAINT "FK_8a87f8e7d96e95fd79bd7b43159"
        `);
    await queryRunner.query(`
            DROP TABLE "notification_workspace_config"
        `);
    await queryRunner.query(`
            DROP TABLE "notification_user_config"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_notification_user_user"
        `);
    await queryRunner.query(`
            DROP TABLE "notification_user"
        `);
    await queryRunner.query(`
            DROP TABLE "notification_document_config"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_4f6ae57caeef27f66930684f78"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_a31cb20edc48707a27e487bd43"
        `);
    await queryRunner.query(`
            DROP TABLE "notification"
        `);
  }
}
