import { MigrationInterface, QueryRunner } from 'typeorm';

export class AiMemory1796171195527 implements MigrationInterface {
  name = 'AiMemory1796171195527';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "memory_knowledge_source" (
                "api_key_id" text NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "organization_id" text,
                "document_id" text,
                "uploaded_by" text,
                "source_type" text NOT NULL DEFAULT 'upload',
                "file_name" text,
                "mime_type" text NOT NULL,
                "file_size" integer NOT NULL,
                "sha256" text NOT NULL,
                "status" text NOT NULL DEFAULT 'processing',
                "failure_reason" text,
                "dedup_of" text,
                "original" bytea,
                "canonical_md" text,
                "rule_based" boolean NOT NULL DEFAULT false,
                "version" integer NOT NULL DEFAULT '1',
                "chunk_count" integer NOT NULL DEFAULT '0',
                "rule_count" integer NOT NULL DEFAULT '0',
                "uploaded_at" bigint NOT NULL,
                "updated_at" bigint NOT NULL,
                CONSTRAINT "PK_22e3f8126265561dc248aa53596" PRIMARY KEY ("api_key_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_memory_knowledge_source_processing" ON "memory_knowledge_source" ("updated_at")
            WHERE status = 'processing'
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_8574061bfda505eb0a4260e2ec" ON "memory_knowledge_source" ("api_key_id", "uploaded_by")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_6f8c273b337280b413cd90539f" ON "memory_knowledge_source" ("api_key_id", "sha256")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_95546f1fbfbcf80b6c6d36d11a" ON "memory_knowledge_source" ("api_key_id", "uploaded_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_knowledge_chunk" (
                "api_key_id" text NOT NULL,
                "source_id" text COLLATE "C" NOT NULL,
                "index" integer NOT NULL,
                "text" text NOT NULL,
                "embedding" real array NOT NULL,
                "sketch" bit varying NOT NULL,
                CONSTRAINT "PK_110b3c9ad18b8d0782d5ed83e0a" PRIMARY KEY ("api_key_id", "source_id", "index")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_knowledge_rule" (
                "api_key_id" text NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "source_id" text COLLATE "C" NOT NULL,
                "index" integer NOT NULL,
                "content" text NOT NULL,
                "category" text,
                "embedding" real array NOT NULL,
                "sketch" bit varying NOT NULL,
                CONSTRAINT "PK_4b01f5f01a73c1e1c4488736538" PRIMARY KEY ("api_key_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_9bf0405e84009e1807d3b40a0d" ON "memory_knowledge_rule" ("api_key_id", "source_id", "index")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_knowledge_upload" (
                "api_key_id" text NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "mime_type" text NOT NULL,
                "file_size" integer NOT NULL,
                "file_name" text,
                "organization_id" text,
                "document_id" text,
                "content" bytea,
                "expires_at" bigint NOT NULL,
                "ingested_at" bigint,
                CONSTRAINT "PK_a4a1412ee9655a2213079417e10" PRIMARY KEY ("api_key_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_f04d05d1e3be789b6e8a8a1796" ON "memory_knowledge_upload" ("api_key_id", "expires_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_alert_config" (
                "api_key_id" text NOT NULL,
                "config" jsonb NOT NULL,
                CONSTRAINT "PK_579bab9b6b92fda021b7e37a6cf" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_alert" (
                "api_key_id" text NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "alert_type" text NOT NULL,
                "severity" text NOT NULL,
                "title" text NOT NULL,
                "description" text NOT NULL,
                "evidence" jsonb NOT NULL,
                "suggested_action" text,
                "action_url" text,
                "status" text NOT NULL DEFAULT 'active',
                "dedup_key" text NOT NULL,
                "created_at" bigint NOT NULL,
                "dismissed_at" bigint,
                "dismissed_by" text,
                CONSTRAINT "PK_b4d4cc34dd45959688828b717ca" PRIMARY KEY ("api_key_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_memory_alert_active_dedup" ON "memory_alert" ("api_key_id", "dedup_key")
            WHERE status = 'active'
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_efdc61952320cd55de9fa37fa7" ON "memory_alert" ("api_key_id", "status", "created_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "memory_judgment" (
                "api_key_id" text NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL DEFAULT '',
                "annotation_id" text COLLATE "C",
                "decision" text NOT NULL,
                "judge_type" text NOT NULL,
                "content_type" text,
                "reviewer_id" text,
                "action_user" jsonb,
                "reasoning" text NOT NULL DEFAULT '',
                "content" text,
                "confidence" real NOT NULL,
                "agent" jsonb,
                "source" text NOT NULL,
                "created_at" bigint NOT NULL,
                "embedding" real array,
                "sketch" bit varying,
                CONSTRAINT "PK_9ec3c399171517e9368e74b60ca" PRIMARY KEY ("api_key_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_memory_judgment_unembedded" ON "memory_judgment" ("api_key_id")
            WHERE embedding IS NULL
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_5eb901f83eb1d56d1a3429ef34" ON "memory_judgment" ("api_key_id", "organization_id", "annotation_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_5fc4a54e708714761016eaf144" ON "memory_judgment" ("api_key_id", "reviewer_id", "created_at")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_9af46c2df9591f75d1a343614b" ON "memory_judgment" ("api_key_id", "created_at")
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_knowledge_source"
            ADD CONSTRAINT "FK_72449fa7f58cff7032fd07cebe1" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_knowledge_chunk"
            ADD CONSTRAINT "FK_3bbc56cb69d6de876986fb68704" FOREIGN KEY ("api_key_id", "source_id") REFERENCES "memory_knowledge_source"("api_key_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_knowledge_rule"
            ADD CONSTRAINT "FK_c1e7e1a12b7ab5d8a0a055ff980" FOREIGN KEY ("api_key_id", "source_id") REFERENCES "memory_knowledge_source"("api_key_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_knowledge_upload"
            ADD CONSTRAINT "FK_ee26a6d5566002008d68fe33a23" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_alert_config"
            ADD CONSTRAINT "FK_579bab9b6b92fda021b7e37a6cf" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_alert"
            ADD CONSTRAINT "FK_92937bf3a4cb08faa631ca25bcd" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_judgment"
            ADD CONSTRAINT "FK_99ebabaf6289eddaaec4bafa85b" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "memory_judgment" DROP CONSTRAINT "FK_99ebabaf6289eddaaec4bafa85b"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_alert" DROP CONSTRAINT "FK_92937bf3a4cb08faa631ca25bcd"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_alert_config" DROP CONSTRAINT "FK_579bab9b6b92fda021b7e37a6cf"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_knowledge_upload" DROP CONSTRAINT "FK_ee26a6d5566002008d68fe33a23"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_knowledge_rule" DROP CONSTRAINT "FK_c1e7e1a12b7ab5d8a0a055ff980"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_knowledge_chunk" DROP CONSTRAINT "FK_3bbc56cb69d6de876986fb68704"
        `);
    await queryRunner.query(`
            ALTER TABLE "memory_knowledge_source" DROP CONSTRAINT "FK_72449fa7f58cff7032fd07cebe1"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_9af46c2df9591f75d1a343614b"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5fc4a54e708714761016eaf144"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5eb901f83eb1d56d1a3429ef34"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_memory_judgment_unembedded"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_judgment"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_efdc61952320cd55de9fa37fa7"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_memory_alert_active_dedup"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_alert"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_alert_config"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_f04d05d1e3be789b6e8a8a1796"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_knowledge_upload"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_9bf0405e84009e1807d3b40a0d"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_knowledge_rule"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_knowledge_chunk"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_95546f1fbfbcf80b6c6d36d11a"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_6f8c273b337280b413cd90539f"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_8574061bfda505eb0a4260e2ec"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_memory_knowledge_source_processing"
        `);
    await queryRunner.query(`
            DROP TABLE "memory_knowledge_source"
        `);
  }
}
