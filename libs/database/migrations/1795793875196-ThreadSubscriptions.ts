import { MigrationInterface, QueryRunner } from 'typeorm';

export class ThreadSubscriptions1795793875196 implements MigrationInterface {
  name = 'ThreadSubscriptions1795793875196';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "comment_annotation"
            ADD "subscribed_users" jsonb
        `);
    await queryRunner.query(`
            ALTER TABLE "comment_annotation"
            ADD "unsubscribed_users" jsonb
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "comment_annotation" DROP COLUMN "unsubscribed_users"
        `);
    await queryRunner.query(`
            ALTER TABLE "comment_annotation" DROP COLUMN "subscribed_users"
        `);
  }
}
