import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a thread was made: `rest-api` for the REST routes, null for the client plane (Velt's SDK
 * threads carry no `sourceType`). Threads stored before this column say `rest-api`, as they did.
 */
export class CommentSourceType1796200000000 implements MigrationInterface {
  name = 'CommentSourceType1796200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "comment_annotation"
            ADD "source_type" text DEFAULT 'rest-api'
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "comment_annotation" DROP COLUMN "source_type"
        `);
  }
}
