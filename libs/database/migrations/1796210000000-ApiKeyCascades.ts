import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables that held an API key's id without referencing it: a deleted key's rows stayed behind. */
const UNREFERENCED = [
  'audit_event',
  'crdt_version_policy',
  'webhook_delivery',
  'webhook_event',
  'workflow_agent_endpoint',
  'workflow_definition',
  'workflow_definition_version',
  'workflow_event',
  'workflow_execution',
  'workflow_step_response',
  'workflow_step',
];

/** Every table keyed by an API key now references it ON DELETE CASCADE: deleting the key deletes all its rows. */
export class ApiKeyCascades1796210000000 implements MigrationInterface {
  name = 'ApiKeyCascades1796210000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Rows of keys deleted before: what the constraints would have removed, and would refuse to be added over.
    for (const table of UNREFERENCED)
      await queryRunner.query(
        `DELETE FROM "${table}" t WHERE t.api_key_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "api_key" k WHERE k.id = t.api_key_id)`,
      );
    await queryRunner.query(`
            ALTER TABLE "audit_event"
            ADD CONSTRAINT "FK_36b334f2d0baaad2d948efd7111" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "crdt_version_policy"
            ADD CONSTRAINT "FK_d4fa83b99fa439f4f399aba8b91" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_delivery"
            ADD CONSTRAINT "FK_2b26a6a88703e13c45cba9ad811" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_event"
            ADD CONSTRAINT "FK_cffb262013bc3270b42a0b7528f" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_agent_endpoint"
            ADD CONSTRAINT "FK_196fa7db96a67badc2378637ab3" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_definition"
            ADD CONSTRAINT "FK_33771cb2fdf4a8001a668c639d5" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_definition_version"
            ADD CONSTRAINT "FK_ac382119c421963d1ca73b9237d" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_event"
            ADD CONSTRAINT "FK_43614b68cb1985108223caed7ee" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_execution"
            ADD CONSTRAINT "FK_d418f646418a5040600cfd5fd70" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_step_response"
            ADD CONSTRAINT "FK_c76cf581acd0d15b836cbe6e0b1" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_step"
            ADD CONSTRAINT "FK_cb964d7eb72604cf3da016cff4d" FOREIGN KEY ("api_key_id") REFERENCES "api_key"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            ALTER TABLE "workflow_step" DROP CONSTRAINT "FK_cb964d7eb72604cf3da016cff4d"
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_step_response" DROP CONSTRAINT "FK_c76cf581acd0d15b836cbe6e0b1"
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_execution" DROP CONSTRAINT "FK_d418f646418a5040600cfd5fd70"
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_event" DROP CONSTRAINT "FK_43614b68cb1985108223caed7ee"
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_definition_version" DROP CONSTRAINT "FK_ac382119c421963d1ca73b9237d"
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_definition" DROP CONSTRAINT "FK_33771cb2fdf4a8001a668c639d5"
        `);
    await queryRunner.query(`
            ALTER TABLE "workflow_agent_endpoint" DROP CONSTRAINT "FK_196fa7db96a67badc2378637ab3"
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_event" DROP CONSTRAINT "FK_cffb262013bc3270b42a0b7528f"
        `);
    await queryRunner.query(`
            ALTER TABLE "webhook_delivery" DROP CONSTRAINT "FK_2b26a6a88703e13c45cba9ad811"
        `);
    await queryRunner.query(`
            ALTER TABLE "crdt_version_policy" DROP CONSTRAINT "FK_d4fa83b99fa439f4f399aba8b91"
        `);
    await queryRunner.query(`
            ALTER TABLE "audit_event" DROP CONSTRAINT "FK_36b334f2d0baaad2d948efd7111"
        `);
  }
}
