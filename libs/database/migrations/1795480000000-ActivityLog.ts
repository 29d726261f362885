import { MigrationInterface, QueryRunner } from 'typeorm';

export class ActivityLog1795480000000 implements MigrationInterface {
  name = 'ActivityLog1795480000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "activity" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL DEFAULT '',
                "timestamp" bigint NOT NULL,
                "feature_type" text NOT NULL,
                "action_type" text NOT NULL,
                "event_type" text,
                "actor_user_id" text,
                "action_user" jsonb,
                "target_entity_id" text,
                "target_sub_entity_id" text,
                "changes" jsonb,
                "entity_data" jsonb,
                "entity_target_data" jsonb,
                "display_message_template" text,
                "display_message_template_data" jsonb,
                "action_icon" text,
                "immutable" boolean NOT NULL DEFAULT false,
                "is_activity_resolver_used" boolean,
                "metadata" jsonb NOT NULL DEFAULT '{}',
                CONSTRAINT "PK_5ec14adfd33cb0d6055dae99755" PRIMARY KEY ("api_key_id", "organization_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_223b4eaec797f3cc0287c7c9f0" ON "activity" ("api_key_id", "actor_user_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_2321734c76486267f07461585b" ON "activity" ("api_key_id", "timestamp")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_7567ec0b4ead0a5ca6da846173" ON "activity" (
                "api_key_id",
                "organization_id",
                "timestamp",
                "id"
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "activity_config" (
                "api_key_id" text NOT NULL,
                "service_config" jsonb NOT NULL,
                "retention_days" double precision,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_7d53359238f94fe3dd25e4e00c3" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "activity"
            ADD CONSTRAINT "FK_3bf319b4c62b0d41736c67d92e2" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "activity_config"
            ADD CONSTRAINT "FK_7d53359238f94fe3dd25e4e00c3" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "activity_config" DROP CONSTRAINT "FK_7d53359238f94fe3dd25e4e00c3"
        `);
    await queryRunner.query(`
            ALTER TABLE "activity" DROP CONSTRAINT "FK_3bf319b4c62b0d41736c67d92e2"
        `);
    await queryRunner.query(`
            DROP TABLE "activity_config"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_7567ec0b4ead0a5ca6da846173"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_2321734c76486267f07461585b"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_223b4eaec797f3cc0287c7c9f0"
        `);
    await queryRunner.query(`
            DROP TABLE "activity"
        `);
  }
}
