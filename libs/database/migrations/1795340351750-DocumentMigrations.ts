import { MigrationInterface, QueryRunner } from 'typeorm';

export class DocumentMigrations1795340351750 implements MigrationInterface {
  name = 'DocumentMigrations1795340351750';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "document_migration" (
                "id" text NOT NULL,
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "new_document_id" text COLLATE "C" NOT NULL,
                "status" text NOT NULL DEFAULT 'pending',
                "error" text,
                "attempts" integer NOT NULL DEFAULT '0',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "completed_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_f2e2d8ef67b4b15bb31dc332629" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_dfbc998487d9fc19e3cb7fedc1" ON "document_migration" ("status", "updated_at")
            WHERE status IN ('pending', 'in_progress')
        `);
    await queryRunner.query(`
            ALTER TABLE "document_migration"
            ADD CONSTRAINT "FK_2eabf6327fea71fe3ffbf92a812" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "document_migration" DROP CONSTRAINT "FK_2eabf6327fea71fe3ffbf92a812"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_dfbc998487d9fc19e3cb7fedc1"
        `);
    await queryRunner.query(`
            DROP TABLE "document_migration"
        `);
  }
}
