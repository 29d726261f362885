import { MigrationInterface, QueryRunner } from 'typeorm';

export class ReviewWorkflows1795793133158 implements MigrationInterface {
  name = 'ReviewWorkflows1795793133158';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "workflow_definition" (
                "api_key_id" text NOT NULL,
                "definition_id" text COLLATE "C" NOT NULL,
                "version" integer NOT NULL,
                "status" text NOT NULL DEFAULT 'active',
                "content" jsonb NOT NULL,
                "compiled" jsonb NOT NULL,
                "created_at" bigint NOT NULL,
                "updated_at" bigint NOT NULL,
                CONSTRAINT "PK_7917b1f30229593aaed3ac063e0" PRIMARY KEY ("api_key_id", "definition_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "workflow_definition_version" (
                "api_key_id" text NOT NULL,
                "definition_id" text COLLATE "C" NOT NULL,
                "version" integer NOT NULL,
                "content" jsonb NOT NULL,
                "compiled" jsonb NOT NULL,
                "created_at" bigint NOT NULL,
                CONSTRAINT "PK_eac5f3cca54d1396b6ea1edff88" PRIMARY KEY ("api_key_id", "definition_id", "version")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "workflow_event" (
                "execution_id" text COLLATE "C" NOT NULL,
                "seq" integer NOT NULL,
                "event_id" text NOT NULL,
                "api_key_id" text NOT NULL,
                "type" text NOT NULL,
                "step_id" text,
                "actor_id" text,
                "data" jsonb,
                "timestamp" bigint NOT NULL,
                CONSTRAINT "PK_679bc92f3f001cf00d4f6fffa81" PRIMARY KEY ("execution_id", "seq")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_8eec7db8ac5bb7834781cadcd9" ON "workflow_event" ("api_key_id", "actor_id")
            WHERE actor_id IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE TABLE "workflow_execution" (
                "execution_id" text COLLATE "C" NOT NULL,
                "api_key_id" text NOT NULL,
                "definition_id" text COLLATE "C" NOT NULL,
                "definition_version" integer NOT NULL,
                "status" text NOT NULL,
                "correlation_id" text NOT NULL,
                "idempotency_key" text,
                "trigger_context" jsonb NOT NULL,
                "organization_id" text,
                "document_id" text,
                "folder_id" text,
                "webhook_url" text,
                "webhook_secret_ciphertext" text,
                "webhook_event_types" jsonb,
                "graph" jsonb NOT NULL,
                "state" jsonb NOT NULL,
                "last_seq" integer NOT NULL DEFAULT '0',
                "started_at" bigint NOT NULL,
                "completed_at" bigint,
                "cancelled_at" bigint,
                "failure_reason" jsonb,
                CONSTRAINT "PK_fccece51ee40e3bc5e26a0c2324" PRIMARY KEY ("execution_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_ba3cbb581a09341bb25bdb9e74" ON "workflow_execution" ("api_key_id", "definition_id")
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_264e86b96bcae9fc3db12a0cd3" ON "workflow_execution" ("api_key_id", "started_at")
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_workflow_execution_idempotency" ON "workflow_execution" ("api_key_id", "idempotency_key")
            WHERE idempotency_key IS NOT NULL
        `);
    await queryRunner.query(`
            CREATE TABLE "workflow_step_response" (
                "execution_id" text COLLATE "C" NOT NULL,
                "step_id" text COLLATE "C" NOT NULL,
                "response_key" text COLLATE "C" NOT NULL,
                "api_key_id" text NOT NULL,
                "responder_id" text NOT NULL,
                "decision" text NOT NULL,
                "reason" text,
                "created_at" bigint NOT NULL,
                CONSTRAINT "PK_6a5fd407c94261f76459741e277" PRIMARY KEY ("execution_id", "step_id", "response_key")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_aaa2150ed18fc52adf8f4fbebd" ON "workflow_step_response" ("api_key_id", "responder_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "workflow_step" (
                "execution_id" text COLLATE "C" NOT NULL,
                "step_id" text COLLATE "C" NOT NULL,
                "key" text COLLATE "C" NOT NULL,
                "api_key_id" text NOT NULL,
                "node_id" text NOT NULL,
                "node_type" text NOT NULL,
                "status" text NOT NULL,
                "group_id" text,
                "iteration" integer NOT NULL DEFAULT '0',
                "input" jsonb NOT NULL,
                "output" jsonb NOT NULL,
                "error" jsonb,
                "runs" integer NOT NULL DEFAULT '0',
                "deadline_at" bigint,
                "started_at" bigint,
                "completed_at" bigint,
                "created_at" bigint NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_63f9c7800b3ec6273db6cfec217" PRIMARY KEY ("execution_id", "step_id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_workflow_step_deadline" ON "workflow_step" ("deadline_at")
            WHERE status IN ('pending', 'running', 'waiting')
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_workflow_step_unsettled" ON "workflow_step" ("updated_at")
            WHERE status IN ('pending', 'running')
        `);
    await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_workflow_step_key" ON "workflow_step" ("key")
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_delivery"
            ADD "secret_ciphertext" text
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "webhook_delivery" DROP COLUMN "secret_ciphertext"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_workflow_step_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_workflow_step_unsettled"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_workflow_step_deadline"
        `);
    await queryRunner.query(`
            DROP TABLE "workflow_step"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_aaa2150ed18fc52adf8f4fbebd"
        `);
    await queryRunner.query(`
            DROP TABLE "workflow_step_response"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_workflow_execution_idempotency"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_264e86b96bcae9fc3db12a0cd3"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_ba3cbb581a09341bb25bdb9e74"
        `);
    await queryRunner.query(`
            DROP TABLE "workflow_execution"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_8eec7db8ac5bb7834781cadcd9"
        `);
    await queryRunner.query(`
            DROP TABLE "workflow_event"
        `);
    await queryRunner.query(`
            DROP TABLE "workflow_definition_version"
        `);
    await queryRunner.query(`
            DROP TABLE "workflow_definition"
        `);
  }
}
