import { MigrationInterface, QueryRunner } from 'typeorm';

export class ReviewAgents1796230000001 implements MigrationInterface {
  name = 'ReviewAgents1796230000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "agent" (
                "api_key_id" text NOT NULL,
                "agent_id" text COLLATE "C" NOT NULL,
                "managed_by" text NOT NULL DEFAULT 'customer',
                "name" text NOT NULL,
                "description" text NOT NULL,
                "enabled" boolean NOT NULL,
                "version" integer NOT NULL,
                "config" jsonb NOT NULL,
                "created_at" bigint NOT NULL,
                "updated_at" bigint NOT NULL,
                CONSTRAINT "PK_935fcb4ed90dc2d23839c9119fa" PRIMARY KEY ("api_key_id", "agent_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "agent_execution" (
                "id" text COLLATE "C" NOT NULL,
                "api_key_id" text NOT NULL,
                "agent_id" text COLLATE "C" NOT NULL,
                "agent_name" text NOT NULL,
                "agent_version" integer NOT NULL,
                "agent_config" jsonb NOT NULL,
                "organization_id" text NOT NULL,
                "document_id" text NOT NULL,
                "config" jsonb NOT NULL,
                "status" text NOT NULL,
                "trigger" text NOT NULL,
                "workflow_execution_id" text,
                "previous_execution_id" text,
                "ran_by" jsonb,
                "ran_by_user_id" text,
                "urls" jsonb,
                "results_summary" jsonb,
                "crawler_results" jsonb,
                "error" jsonb,
                "llm_model" text,
                "prompt_tokens" integer NOT NULL DEFAULT '0',
                "completion_tokens" integer NOT NULL DEFAULT '0',
                "model_requests" integer NOT NULL DEFAULT '0',
                "attempts" integer NOT NULL DEFAULT '0',
                "started_at" bigint NOT NULL,
                "completed_at" bigint,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ba438acc8532addc12d1ef17049" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_1ef20e096587b28f56927dd645" ON "agent_execution" ("ran_by_user_id")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "UQ_agent_execution_running" ON "agent_execution" (
                "api_key_id",
                "agent_id",
                "organization_id",
                "document_id"
            )
            WHERE status = 'running'
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_f3c6e897bb6a68fa342d5c8603" ON "agent_execution" (
                "api_key_id",
                "organization_id",
                "document_id",
                "started_at"
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_735440c95780be2a2d10da2f5a" ON "agent_execution" ("api_key_id", "agent_id", "started_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "agent_execution_result" (
                "execution_id" text COLLATE "C" NOT NULL,
                "url_hash" text NOT NULL,
                "url" text NOT NULL,
                "position" integer NOT NULL,
                "agent_result" jsonb NOT NULL,
                "finding_count" integer NOT NULL,
                "processed_at" bigint NOT NULL,
                CONSTRAINT "PK_ba6e7ae044847fe49143c487c0f" PRIMARY KEY ("execution_id", "url_hash")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "agent_group" (
                "api_key_id" text NOT NULL,
                "group_id" text COLLATE "C" NOT NULL,
                "name" text NOT NULL,
                "description" text,
                "agent_ids" jsonb NOT NULL,
                "metadata" jsonb NOT NULL,
                "system" boolean NOT NULL DEFAULT false,
                "created_at" bigint NOT NULL,
                "updated_at" bigint NOT NULL,
                CONSTRAINT "PK_457e2075f6c86d57236786ba15d" PRIMARY KEY ("api_key_id", "group_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "agent_version" (
                "api_key_id" text NOT NULL,
                "agent_id" text COLLATE "C" NOT NULL,
                "version" integer NOT NULL,
                "config" jsonb NOT NULL,
                "created_at" bigint NOT NULL,
                CONSTRAINT "PK_936e3007344171d6947933667d0" PRIMARY KEY ("api_key_id", "agent_id", "version")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "agent"
            ADD CONSTRAINT "FK_1676e74cb3f60757fc5854e27eb" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "agent_execution"
            ADD CONSTRAINT "FK_ac92590371288f93e5f83cf04f0" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "agent_execution_result"
            ADD CONSTRAINT "FK_0ecff080cafcf36603f5cf72818" FOREIGN KEY ("execution_id") REFERENCES "agent_execution"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "agent_group"
            ADD CONSTRAINT "FK_816ba163451046b20b844481d98" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "agent_version"
            ADD CONSTRAINT "FK_d19419f47d19ed04e0191010669" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "agent_version" DROP CONSTRAINT "FK_d19419f47d19ed04e0191010669"
        `);
    await queryRunner.query(`
            ALTER TABLE "agent_group" DROP CONSTRAINT "FK_816ba163451046b20b844481d98"
        `);
    await queryRunner.query(`
            ALTER TABLE "agent_execution_result" DROP CONSTRAINT "FK_0ecff080cafcf36603f5cf72818"
        `);
    await queryRunner.query(`
            ALTER TABLE "agent_execution" DROP CONSTRAINT "FK_ac92590371288f93e5f83cf04f0"
        `);
    await queryRunner.query(`
            ALTER TABLE "agent" DROP CONSTRAINT "FK_1676e74cb3f60757fc5854e27eb"
        `);
    await queryRunner.query(`
            DROP TABLE "agent_version"
        `);
    await queryRunner.query(`
            DROP TABLE "agent_group"
        `);
    await queryRunner.query(`
            DROP TABLE "agent_execution_result"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_735440c95780be2a2d10da2f5a"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_f3c6e897bb6a68fa342d5c8603"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."UQ_agent_execution_running"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_1ef20e096587b28f56927dd645"
        `);
    await queryRunner.query(`
            DROP TABLE "agent_execution"
        `);
    await queryRunner.query(`
            DROP TABLE "agent"
        `);
  }
}
