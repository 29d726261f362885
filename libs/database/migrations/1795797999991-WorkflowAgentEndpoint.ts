import { MigrationInterface, QueryRunner } from 'typeorm';

export class WorkflowAgentEndpoint1795797999991 implements MigrationInterface {
  name = 'WorkflowAgentEndpoint1795797999991';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "workflow_agent_endpoint" (
                "api_key_id" text NOT NULL,
                "url" text NOT NULL,
                "secret_ciphertext" text,
                "timeout_ms" integer NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_196fa7db96a67badc2378637ab3" PRIMARY KEY ("api_key_id")
            )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "workflow_agent_endpoint"
        `);
  }
}
