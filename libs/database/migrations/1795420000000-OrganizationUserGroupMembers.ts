import { MigrationInterface, QueryRunner } from 'typeorm';

export class OrganizationUserGroupMembers1795420000000 implements MigrationInterface {
  name = 'OrganizationUserGroupMembers1795420000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "organization_user_group_member" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "group_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_3553c9fbf917f3a75b1bf5e835c" PRIMARY KEY ("api_key_id", "organization_id", "group_id", "user_id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "organization_user_group_member"
            ADD CONSTRAINT "FK_24dd2a3afec674e642fb210f3ec" FOREIGN KEY ("api_key_id", "organization_id", "group_id") REFERENCES "organization_user_group"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "organization_user_group_member" DROP CONSTRAINT "FK_24dd2a3afec674e642fb210f3ec"
        `);
    await queryRunner.query(`
            DROP TABLE "organization_user_group_member"
        `);
  }
}
