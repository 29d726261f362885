import { MigrationInterface, QueryRunner } from 'typeorm';

export class AdvancedWebhooks1795490000000 implements MigrationInterface {
  name = 'AdvancedWebhooks1795490000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "advanced_webhook_config" (
                "api_key_id" text NOT NULL,
                "is_enabled" boolean NOT NULL DEFAULT false,
                "encrypt_data" boolean NOT NULL DEFAULT false,
                "encode_data" boolean NOT NULL DEFAULT false,
                "public_key" text NOT NULL DEFAULT '',
                "enable_data_protection" boolean NOT NULL DEFAULT false,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_2be3fa9ccc05efa8336cd74dc75" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "webhook_endpoint" (
                "id" text COLLATE "C" NOT NULL,
                "seq" BIGSERIAL NOT NULL,
                "api_key_id" text NOT NULL,
                "url" text NOT NULL,
                "description" text,
                "filter_types" text array,
                "channels" text array,
                "disabled" boolean NOT NULL DEFAULT false,
                "rate_limit" integer,
                "uid" text,
                "metadata" jsonb,
                "secret_ciphertext" text NOT NULL,
                "previous_secret_ciphertext" text,
                "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_6c98112122b2b8a4f3984d2efa8" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "UQ_webhook_endpoint_uid" ON "webhook_endpoint" ("api_key_id", "uid")
            WHERE uid IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_5fe82bc69b649d008aab697fea" ON "webhook_endpoint" ("api_key_id", "seq")
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_delivery"
            ADD "endpoint_id" text COLLATE "C"
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_webhook_delivery_endpoint" ON "webhook_delivery" ("api_key_id", "endpoint_id", "seq")
            WHERE endpoint_id IS NOT NULL
        `);
    await queryRunner.query(`
            ALTER TABLE "advanced_webhook_config"
            ADD CONSTRAINT "FK_2be3fa9ccc05efa8336cd74dc75" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_endpoint"
            ADD CONSTRAINT "FK_f45edde457ee4bcf57509452474" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "FK_f45edde457ee4bcf57509452474"
        `);
    await queryRunner.query(`
            ALTER TABLE "advanced_webhook_config" DROP CONSTRAINT "FK_2be3fa9ccc05efa8336cd74dc75"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_webhook_delivery_endpoint"
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_delivery" DROP COLUMN "endpoint_id"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5fe82bc69b649d008aab697fea"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."UQ_webhook_endpoint_uid"
        `);
    await queryRunner.query(`
            DROP TABLE "webhook_endpoint"
        `);
    await queryRunner.query(`
            DROP TABLE "advanced_webhook_config"
        `);
  }
}
