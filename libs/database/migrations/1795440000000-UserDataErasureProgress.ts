import { MigrationInterface, QueryRunner } from 'typeorm';

export class UserDataErasureProgress1795440000000 implements MigrationInterface {
  name = 'UserDataErasureProgress1795440000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "user_data_deletion_task"
            ADD "progress" text
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_webhook_delivery_event" ON "webhook_delivery" ("event_id")
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_webhook_delivery_event"
        `);
    await queryRunner.query(`
            ALTER TABLE "user_data_deletion_task" DROP COLUMN "progress"
        `);
  }
}
