import { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeyConfig1795412000000 implements MigrationInterface {
  name = 'ApiKeyConfig1795412000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "api_key_config" (
                "api_key_id" text NOT NULL,
                "config" jsonb NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_e309a9fef21f7680a8df1584882" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "api_key_config"
            ADD CONSTRAINT "FK_e309a9fef21f7680a8df1584882" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "api_key_config" DROP CONSTRAINT "FK_e309a9fef21f7680a8df1584882"
        `);
    await queryRunner.query(`
            DROP TABLE "api_key_config"
        `);
  }
}
