import { MigrationInterface, QueryRunner } from 'typeorm';

export class NotificationActors1795470000001 implements MigrationInterface {
  name = 'NotificationActors1795470000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // The notifications a user caused: what the GDPR erasure deletes after the user's recipient rows.
    await queryRunner.query(`
            CREATE INDEX "IDX_notification_action_user" ON "notification" ("api_key_id", (("action_user" ->> 'userId')))
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP INDEX "public"."IDX_notification_action_user"
        `);
  }
}
