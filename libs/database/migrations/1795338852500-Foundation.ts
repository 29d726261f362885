import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1795338852500 implements MigrationInterface {
  name = 'Foundation1795338852500';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE TABLE "account" (
                "id" text NOT NULL,
                "email" text NOT NULL,
                "name" text NOT NULL,
                "avatar" text NOT NULL DEFAULT '',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_4c8f96ccf523e9a3faefd5bdd4c" UNIQUE ("email"),
                CONSTRAINT "PK_54115ee388cdb6d86bb4bf5b2ea" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "workspace" (
                "id" text NOT NULL,
                "account_id" text NOT NULL,
                "name" text NOT NULL,
                "auth_token_hash" bytea NOT NULL,
                "auth_token_ciphertext" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_2a2899185bea5db0b805d1bae4e" UNIQUE ("auth_token_hash"),
                CONSTRAINT "PK_ca86b6f9b3be5fe26d307d09b49" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_68bd992c40debdcd4f189d01c9" ON "workspace" ("account_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "api_key" (
                "id" text NOT NULL,
                "workspace_id" text NOT NULL,
                "name" text NOT NULL,
                "type" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_b1bd840641b8acbaad89c3d8d11" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_ecc615827295b4cd316f6088ae" ON "api_key" ("workspace_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "organization" (
                "api_key_id" text NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "name" text NOT NULL,
                "disabled" boolean NOT NULL DEFAULT false,
                "metadata" jsonb NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_8320a8ebcb8f388dd2c18024a82" PRIMARY KEY ("api_key_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "folder" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "name" text NOT NULL,
                "parent_folder_id" text COLLATE "C",
                "access_type" text NOT NULL DEFAULT 'organizationPrivate',
                "metadata" jsonb NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_ef1e67a68451cadb39c2babdf98" PRIMARY KEY ("api_key_id", "organization_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_1e31d074c96d508c0b15cdbbfa" ON "folder" (
                "api_key_id",
                "organization_id",
                "parent_folder_id"
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "document" (
                "api_key_id" text NOT NULL,
                "organization_id" text COLLATE "C" NOT NULL,
                "id" text COLLATE "C" NOT NULL,
                "name" text NOT NULL,
                "folder_id" text COLLATE "C",
                "disabled" boolean NOT NULL DEFAULT false,
                "access_type" text NOT NULL DEFAULT 'public',
                "metadata" jsonb NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_921f3eb29ab0c53aaac4a46fdae" PRIMARY KEY ("api_key_id", "organization_id", "id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_1f9c7933fecf02b212e7e5b819" ON "document" (
                "api_key_id",
                "organization_id",
                "folder_id",
                "id"
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "allowed_domain" (
                "api_key_id" text NOT NULL,
                "domain" text NOT NULL,
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_2e93dae6c89e97fa2fa78e76ae9" PRIMARY KEY ("api_key_id", "domain")
            )
        `);
    await queryRunner.query(`
            CREATE TABLE "audit_event" (
                "id" text NOT NULL,
                "workspace_id" text NOT NULL,
                "api_key_id" text,
                "action" text NOT NULL,
                "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL,
                "recorded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_481efbe8b0a403efe3f47a6528f" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_5f50b287bc83467216517474cc" ON "audit_event" ("workspace_id", "occurred_at")
        `);
    await queryRunner.query(`
            CREATE TABLE "auth_token" (
                "id" text NOT NULL,
                "api_key_id" text NOT NULL,
                "name" text NOT NULL,
                "token_hash" bytea NOT NULL,
                "token_ciphertext" text NOT NULL,
                "domains" text array NOT NULL DEFAULT '{}',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "UQ_bf636362c6d210728e4539630ba" UNIQUE ("token_hash"),
                CONSTRAINT "PK_4572ff5d1264c4a523f01aa86a0" PRIMARY KEY ("id")
            )
        `);
    await queryRunner.query(`
            CREATE INDEX "IDX_0f3480382bfe0e43d978ac1862" ON "auth_token" ("api_key_id")
        `);
    await queryRunner.query(`
            CREATE TABLE "email_config" (
                "api_key_id" text NOT NULL,
                "config" jsonb NOT NULL,
                "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_4661785213a089165e92485d56b" PRIMARY KEY ("api_key_id")
            )
        `);
    await queryRunner.query(`
            ALTER TABLE "workspace"
            ADD CONSTRAINT "FK_68bd992c40debdcd4f189d01c96" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "api_key"
            ADD CONSTRAINT "FK_ecc615827295b4cd316f6088aea" FOREIGN KEY ("workspace_id") REFERENCES "workspace"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "organization"
            ADD CONSTRAINT "FK_5b2820938776b9db860b7830c04" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "folder"
            ADD CONSTRAINT "FK_aa2373cb120d1232214bc0fff3c" FOREIGN KEY ("api_key_id", "organization_id") REFERENCES "organization"("api_key_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "folder"
            ADD CONSTRAINT "FK_1e31d074c96d508c0b15cdbbfa7" FOREIGN KEY (
                    "api_key_id",
                    "organization_id",
                    "parent_folder_id"
                ) REFERENCES "folder"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "document"
            ADD CONSTRAINT "FK_1fda6f2e9de64b8a1121c1d4d0e" FOREIGN KEY ("api_key_id", "organization_id") REFERENCES "organization"("api_key_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "document"
            ADD CONSTRAINT "FK_0633c66aa681e687bb9e38529b5" FOREIGN KEY ("api_key_id", "organization_id", "folder_id") REFERENCES "folder"("api_key_id", "organization_id", "id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "allowed_domain"
            ADD CONSTRAINT "FK_0fb48cfc2a526ac8fcd11ce6230" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "auth_token"
            ADD CONSTRAINT "FK_0f3480382bfe0e43d978ac18628" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "email_config"
            ADD CONSTRAINT "FK_4661785213a089165e92485d56b" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "email_config" DROP CONSTRAINT "FK_4661785213a089165e92485d56b"
        `);
    await queryRunner.query(`
            ALTER TABLE "auth_token" DROP CONSTRAINT "FK_0f3480382bfe0e43d978ac18628"
        `);
    await queryRunner.query(`
            ALTER TABLE "allowed_domain" DROP CONSTRAINT "FK_0fb48cfc2a526ac8fcd11ce6230"
        `);
    await queryRunner.query(`
            ALTER TABLE "document" DROP CONSTRAINT "FK_0633c66aa681e687bb9e38529b5"
        `);
    await queryRunner.query(`
            ALTER TABLE "document" DROP CONSTRAINT "FK_1fda6f2e9de64b8a1121c1d4d0e"
        `);
    await queryRunner.query(`
            ALTER TABLE "folder" DROP CONSTRAINT "FK_1e31d074c96d508c0b15cdbbfa7"
        `);
    await queryRunner.query(`
            ALTER TABLE "folder" DROP CONSTRAINT "FK_aa2373cb120d1232214bc0fff3c"
        `);
    await queryRunner.query(`
            ALTER TABLE "organization" DROP CONSTRAINT "FK_5b2820938776b9db860b7830c04"
        `);
    await queryRunner.query(`
            ALTER TABLE "api_key" DROP CONSTRAINT "FK_ecc615827295b4cd316f6088aea"
        `);
    await queryRunner.query(`
            ALTER TABLE "workspace" DROP CONSTRAINT "FK_68bd992c40debdcd4f189d01c96"
        `);
    await queryRunner.query(`
            DROP TABLE "email_config"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_0f3480382bfe0e43d978ac1862"
        `);
    await queryRunner.query(`
            DROP TABLE "auth_token"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_5f50b287bc83467216517474cc"
        `);
    await queryRunner.query(`
            DROP TABLE "audit_event"
        `);
    await queryRunner.query(`
            DROP TABLE "allowed_domain"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_1f9c7933fecf02b212e7e5b819"
        `);
    await queryRunner.query(`
            DROP TABLE "document"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_1e31d074c96d508c0b15cdbbfa"
        `);
    await queryRunner.query(`
            DROP TABLE "folder"
        `);
    await queryRunner.query(`
            DROP TABLE "organization"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_ecc615827295b4cd316f6088ae"
        `);
    await queryRunner.query(`
            DROP TABLE "api_key"
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_68bd992c40debdcd4f189d01c9"
        `);
    await queryRunner.query(`
            DROP TABLE "workspace"
        `);
    await queryRunner.query(`
            DROP TABLE "account"
        `);
  }
}
