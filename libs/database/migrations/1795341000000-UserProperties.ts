import { MigrationInterface, QueryRunner } from 'typeorm';

export class UserProperties1795341000000 implements MigrationInterface {
  name = 'UserProperties1795341000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" ADD "properties" jsonb NOT NULL DEFAULT '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "properties"`);
  }
}
