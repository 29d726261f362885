import { MigrationInterface, QueryRunner } from 'typeorm';

export class UsersGrantsLiveState1795339111643 implements MigrationInterface {
  name = 'UsersGrantsLiveState1795339111643';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "user_token_secret" (
                "api_key_id" text NOT NULL,
                "secret_ciphertext" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ef327b5958743360503e4491815" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "live_state" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "data" jsonb NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_6ece8469625168af153e2c5c8c1" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "app_user" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "name" text,
                "email" text,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_a6982e561188db74cb99ea1f3ec" PRIMARY KEY ("api_key_id", "organization_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "document_grant" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "document_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "access_role" text NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_f5e4f61559bc907a302bdc4420a" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "document_id",
                    "user_id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_059f73f25acb8fc5f4a1dca530" ON "document_grant" ("api_key_id", "organization_id", "user_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "folder_grant" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "folder_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "access_role" text NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_6ce658e139a0d557cf86f24189a" PRIMARY KEY (
                    "api_key_id",
                    "organization_id",
                    "folder_id",
                    "user_id"
                )
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_a929a25da636443a6d3e0461e6" ON "folder_grant" ("api_key_id", "organization_id", "user_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "organization_grant" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "user_id" text COLLATE "C" NOT NULL,
                "access_role" text NOT NULL,
                "expires_at" TIMESTAMP WITH TIME ZONE,
                CONSTRAINT "PK_3e4129dde61a2e86d8a2c9872f5" PRIMARY KEY ("api_key_id", "organization_id", "user_id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "user_token_secret"
            ADD CONSTRAINT "FK_ef327b5958743360503e4491815" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "live_state"
            ADD CONSTRAINT "FK_382c8e2b92ffe8f963df5245f63" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "app_user"
            ADD CONSTRAINT "FK_cdca65ddf35dcab56de66b6e539" FOREIGN KEY ("api_key_id", "organization_id") REFERENCES "organization"("api_key_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "document_grant"
            ADD CONSTRAINT "FK_782b8830aec203e997ec8cd1bfc" FOREIGN KEY ("api_key_id", "organization_id", "document_id") REFERENCES "document"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "folder_grant"
            ADD CONSTRAINT "FK_2ae9e33a8235c3c954a538dbca9" FOREIGN KEY ("api_key_id", "organization_id", "folder_id") REFERENCES "folder"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
    await queryRunner.query(`
            ALTER TABLE "organization_grant"
            ADD CONSTRAINT "FK_cf61605dff879c15b4f4ec90b37" FOREIGN KEY ("api_key_id", "organization_id") REFERENCES "organization"("api_key_id", "id") ON DELETE CASCADE ON UPDATE CASCADE
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "organization_grant" DROP CONSTRAINT "FK_cf61605dff879c15b4f4ec90b37"
        `);
    await queryRunner.query(`
            ALTER TABLE "folder_grant" DROP CONSTRAINT "FK_2ae9e33a8235c3c954a538dbca9"
        `);
    await queryRunner.query(`
            ALTER TABLE "document_grant" DROP CONSTRAINT "FK_782b8830aec203e997ec8cd1bfc"
        `);
    await queryRunner.query(`
            ALTER TABLE "app_user" DROP CONSTRAINT "FK_cdca65ddf35dcab56de66b6e539"
        `);
    await queryRunner.query(`
            ALTER TABLE "live_state" DROP CONSTRAINT "FK_382c8e2b92ffe8f963df5245f63"
        `);
    await queryRunner.query(`
            ALTER TABLE "user_token_secret" DROP CONSTRAINT "FK_ef327b5958743360503e4491815"
        `);
    await queryRunner.query(`
            DROP TABLE "organization_grant"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_a929a25da636443a6d3e0461e6"
        `);
    await queryRunner.query(`
            DROP TABLE "folder_grant"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_059f73f25acb8fc5f4a1dca530"
        `);
    await queryRunner.query(`
            DROP TABLE "document_grant"
        `);
    await queryRunner.query(`
            DROP TABLE "app_user"
        `);
    await queryRunner.query(`
            DROP TABLE "live_state"
        `);
    await queryRunner.query(`
            DROP TABLE "user_token_secret"
        `);
  }
}
