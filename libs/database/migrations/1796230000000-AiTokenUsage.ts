import { MigrationInterface, QueryRunner } from 'typeorm';

export class AiTokenUsage1796230000000 implements MigrationInterface {
  name = 'AiTokenUsage1796230000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "ai_token_usage" (
                "api_key_id" text NOT NULL,
                "day" date NOT NULL,
                "model" text NOT NULL,
                "calls" integer NOT NULL DEFAULT '0',
                "failed_calls" integer NOT NULL DEFAULT '0',
                "prompt_tokens" bigint NOT NULL DEFAULT '0',
                "completion_tokens" bigint NOT NULL DEFAULT '0',
                CONSTRAINT "PK_ee0d51e4267f20233ad36de226d" PRIMARY KEY ("api_key_id", "day", "model")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "ai_token_usage"
            ADD CONSTRAINT "FK_021199feb5e065f9d2d9924a67e" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "ai_token_usage" DROP CONSTRAINT "FK_021199feb5e065f9d2d9924a67e"
        `);
    await queryRunner.query(`
            DROP TABLE "ai_token_usage"
        `);
  }
}
