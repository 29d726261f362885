import { MigrationInterface, QueryRunner } from 'typeorm';

export class OrganizationUserGroups1795339170297 implements MigrationInterface {
  name = 'OrganizationUserGroups1795339170297';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "organization_user_group" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "name" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_5bbdbb113c81e8ff52c25200cfd" PRIMARY KEY ("api_key_id", "organization_id", "id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "organization_user_group"
            ADD CONSTRAINT "FK_2e404c70d249e787cca13f0ac76" FOREIGN KEY ("api_key_id", "organization_id") REFERENCES "organization"("api_key_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "organization_user_group" DROP CONSTRAINT "FK_2e404c70d249e787cca13f0ac76"
        `);
    await queryRunner.query(`
            DROP TABLE "organization_user_group"
        `);
  }
}
