import { MigrationInterface, QueryRunner } from 'typeorm';

export class EmailMessages1795500000000 implements MigrationInterface {
  name = 'EmailMessages1795500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "email_message" (
                "id" text COLLATE "C" NOT NULL,
                "seq" BIGSERIAL NOT NULL,
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "event" text NOT NULL,
                "recipient_user_id" text COLLATE "C" NOT NULL,
                "recipient_email" text,
                "reason" text NOT NULL,
                "subject" text NOT NULL,
                "body_text" text NOT NULL,
                "body_html" text NOT NULL,
                "template_data" jsonb NOT NULL,
                "status" text NOT NULL DEFAULT 'pending',
                "attempts" integer NOT NULL DEFAULT '0',
                "last_error" text,
                "provider_message_id" text,
                "sent_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_9fe3a0a31f2ffe66dd976851792" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_email_message_unsettled" ON "email_message" ("status", "updated_at")
            WHERE status = 'pending'
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_105bc2487cf9521cbadf234287" ON "email_message" ("api_key_id", "seq")
        `);
    await queryRunner.query(`
            ALTER TABLE "email_message"
            ADD CONSTRAINT "FK_92d0d1b908ea6d8ef628cc6df77" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "email_message" DROP CONSTRAINT "FK_92d0d1b908ea6d8ef628cc6df77"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_105bc2487cf9521cbadf234287"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_email_message_unsettled"
        `);
    await queryRunner.query(`
            DROP TABLE "email_message"
        `);
  }
}
