import { MigrationInterface, QueryRunner } from 'typeorm';

export class UserDataErasure1795430000000 implements MigrationInterface {
  name = 'UserDataErasure1795430000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "user_data_deletion" (
                "id" text NOT NULL,
                "api_key_id" text NOT NULL,
                "organization_ids" text array,
                "status" text NOT NULL DEFAULT 'pending',
                "error" text,
                "attempts" integer NOT NULL DEFAULT '0',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "completed_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_3a9c0af70f862cc1195fbc312d2" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_f347a84ba655ce408fb5ba46ad" ON "user_data_deletion" ("status", "updated_at")
            WHERE status IN ('pending', 'in_progress')
        `);
    await queryRunner.query(`
            CREATE TABLE "user_data_deletion_task" (
                "deletion_id" text NOT NULL,
                "position" integer NOT NULL,
                "user_id" text NOT NULL,
                "kind" text NOT NULL,
                "erased" integer NOT NULL DEFAULT '0',
                "completed_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_93fc7890c31e0a53719b8d4f69e" PRIMARY KEY ("deletion_id", "position")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_comment_reaction_user" ON "comment_reaction" ("api_key_id", "user_id")
        `);
    // Expression indexes the entities declare with synchronize: false: a user's comments, the comments tagging a user, the annotations a user created.
    await queryRunner.query(`
            CREATE INDEX "IDX_comment_author" ON "comment" ("api_key_id", (("from_user" ->> 'userId')))
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_comment_tagged_users" ON "comment" USING gin ("tagged_user_contacts" jsonb_path_ops)
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_comment_annotation_creator" ON "comment_annotation" ("api_key_id", (("created_by" ->> 'userId')))
        `);
    await queryRunner.query(`
            ALTER TABLE "user_data_deletion"
            ADD CONSTRAINT "FK_e5adf7bfdb81403b830e9f8d303" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "user_data_deletion_task"
            ADD CONSTRAINT "FK_dc381e9e2cf4cc1b1394d538f98" FOREIGN KEY ("deletion_id") REFERENCES "user_data_deletion"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "user_data_deletion_task" DROP CONSTRAINT "FK_dc381e9e2cf4cc1b1394d538f98"
        `);
    await queryRunner.query(`
            ALTER TABLE "user_data_deletion" DROP CONSTRAINT "FK_e5adf7bfdb81403b830e9f8d303"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_comment_annotation_creator"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_comment_tagged_users"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_comment_author"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_comment_reaction_user"
        `);
    await queryRunner.query(`
            DROP TABLE "user_data_deletion_task"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_f347a84ba655ce408fb5ba46ad"
        `);
    await queryRunner.query(`
            DROP TABLE "user_data_deletion"
        `);
  }
}
