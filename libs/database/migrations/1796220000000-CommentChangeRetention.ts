import { MigrationInterface, QueryRunner } from 'typeorm';

/** The comment change log's retention horizon (CommentChangeRetentionSweeper): one row once the sweep first deletes. */
export class CommentChangeRetention1796220000000 implements MigrationInterface {
  name = 'CommentChangeRetention1796220000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "comment_change_horizon" (
                "id" smallint NOT NULL,
                "seq" bigint NOT NULL,
                CONSTRAINT "PK_9ca321545bbda559c8599e6c9c2" PRIMARY KEY ("id")
            )
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP TABLE "comment_change_horizon"
        `);
  }
}
