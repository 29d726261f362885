import { MigrationInterface, QueryRunner } from 'typeorm';

export class CommentsAndWebhooks1795339125868 implements MigrationInterface {
  name = 'CommentsAndWebhooks1795339125868';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "comment_annotation" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "seq" BIGSERIAL NOT NULL,
                "status" text NOT NULL DEFAULT 'open',
                "priority" text,
                "assigned_to" jsonb,
                "created_by" jsonb,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_3d33284a40c91c64be95653f94b" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_4dd12627673587c04b3d2e5ec8" ON "comment_annotation" (
                "api_key_id",
                "organization_id",
                "document_id",
                "seq"
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "comment" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "annotation_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "seq" BIGSERIAL NOT NULL,
                "text" text NOT NULL,
                "from_user" jsonb,
                "to_contacts_tagged" jsonb NOT NULL DEFAULT '[]',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_4ab40afd900fb9be642e4562eba" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "annotation_id",
                    "id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_5f52ab9ec8a7c75808c3b59c05" ON "comment" (
                "api_key_id",
                "organization_id",
                "document_id",
                "annotation_id",
                "seq"
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "comment_reaction" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "annotation_id" text COLLATE "C" NOT NULL,
                "comment_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "icon" text COLLATE "C" NOT NULL,
                "user" jsonb NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_6b0cc3909b78aa3a2bfe259a72b" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "annotation_id",
                    "comment_id",
                    "user_id",
                    "icon"
                )
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "webhook_config" (
                "api_key_id" text NOT NULL,
                "use_webhook_service" boolean NOT NULL DEFAULT false,
                "service_config" jsonb,
                "auth_token_ciphertext" text,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_5491edaa0fe878f99b35de544ea" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "webhook_delivery" (
                "id" text COLLATE "C" NOT NULL,
                "seq" BIGSERIAL NOT NULL,
                "event_id" text COLLATE "C" NOT NULL,
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "event" text NOT NULL,
                "target" text NOT NULL,
                "url" text NOT NULL,
                "payload" jsonb NOT NULL,
                "status" text NOT NULL DEFAULT 'pending',
                "attempts" integer NOT NULL DEFAULT '0',
                "last_http_status" integer,
                "last_error" text,
                "next_attempt_at" TIMESTAMP WITH TIME ZONE,
                "delivered_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_b1ae290239a778f12399db91354" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_webhook_delivery_due" ON "webhook_delivery" ("next_attempt_at")
            WHERE status = 'pending'
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_a853459646b42122d13d718e8a" ON "webhook_delivery" ("api_key_id", "organization_id", "document_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_234fe6e96baa76462b5875192f" ON "webhook_delivery" ("api_key_id", "seq")
        `);
    await queryRunner.query(`
            CREATE TABLE "webhook_event" (
                "id" text COLLATE "C" NOT NULL,
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "event" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_0f56d2f40f5ec823acf8e8edad1" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_ca542e858925b81453d114fbe8" ON "webhook_event" ("api_key_id", "organization_id", "document_id")
        `);
    await queryRunner.query(`
            ALTER TABLE "comment_annotation"
            ADD CONSTRAINT "FK_2d5f242458f9f48f9c186b98d0d" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "comment"
            ADD CONSTRAINT "FK_f52bfbda5c7cbad308f04c1a408" FOREIGN KEY (
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
    await queryRunner.query(`
            ALTER TABLE "comment_reaction"
            ADD CONSTRAINT "FK_5fc881498f7dbf6a4cbcf5246bd" FOREIGN KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "annotation_id",
                    "comment_id"
                ) REFERENCES "comment"(
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "annotation_id",
                    "id"
                ) ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_config"
            ADD CONSTRAINT "FK_5491edaa0fe878f99b35de544ea" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "webhook_config" DROP CONSTRAINT "FK_5491edaa0fe878f99b35de544ea"
        `);
    await queryRunner.query(`
            ALTER TABLE "comment_reaction" DROP CONSTRAINT "FK_5fc881498f7dbf6a4cbcf5246bd"
        `);
    await queryRunner.query(`
            ALTER TABLE "comment" DROP CONSTRAINT "FK_f52bfbda5c7cbad308f04c1a408"
        `);
    await queryRunner.query(`
            ALTER TABLE "comment_annotation" DROP CONSTRAINT "FK_2d5f242458f9f48f9c186b98d0d"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_ca542e858925b81453d114fbe8"
        `);
    await queryRunner.query(`
            DROP TABLE "webhook_event"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_234fe6e96baa76462b5875192f"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_a853459646b42122d13d718e8a"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_webhook_delivery_due"
        `);
    await queryRunner.query(`
            DROP TABLE "webhook_delivery"
        `);
    await queryRunner.query(`
            DROP TABLE "webhook_config"
        `);
    await queryRunner.query(`
            DROP TABLE "comment_reaction"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5f52ab9ec8a7c75808c3b59c05"
        `);
    await queryRunner.query(`
            DROP TABLE "comment"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_4dd12627673587c04b3d2e5ec8"
        `);
    await queryRunner.query(`
            DROP TABLE "comment_annotation"
        `);
  }
}
