import { MigrationInterface, QueryRunner } from 'typeorm';

export class CrdtAttribution1795520000000 implements MigrationInterface {
  name = 'CrdtAttribution1795520000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE INDEX "IDX_crdt_editor_last_updated_by" ON "crdt_editor" ("api_key_id", "last_updated_by", "organization_id")
            WHERE last_updated_by IS NOT NULL
        `);
    // GDPR deletions recorded before the crdt-attribution task kind existed get it too, after their other tasks.
    // Locked first: a worker finishing one of them meanwhile either commits before (and it is left out) or waits.
    await queryRunner.query(`
            SELECT id FROM "user_data_deletion" WHERE status IN ('pending', 'in_progress') FOR UPDATE
        `);
    await queryRunner.query(`
            INSERT INTO "user_data_deletion_task" ("deletion_id", "position", "user_id", "kind")
            SELECT u.deletion_id, u.last + row_number() OVER (PARTITION BY u.deletion_id ORDER BY u.first), u.user_id, 'crdt-attribution'
              FROM (SELECT task.deletion_id, task.user_id, min(task.position) AS first, max(max(task.position)) OVER (PARTITION BY task.deletion_id) AS last
                      FROM "user_data_deletion_task" task JOIN "user_data_deletion" d ON d.id = task.deletion_id
                     WHERE d.status IN ('pending', 'in_progress')
                       AND NOT EXISTS (SELECT 1 FROM "user_data_deletion_task" c WHERE c.deletion_id = d.id AND c.kind = 'crdt-attribution')
                     GROUP BY task.deletion_id, task.user_id) u
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Code before this migration cannot run these tasks: unfinished ones go, so that their deletions can complete.
    await queryRunner.query(`
            DELETE FROM "user_data_deletion_task" WHERE kind = 'crdt-attribution' AND completed_at IS NULL
        `);
    await queryRunner.query(`
            DROP INDEX "public"."IDX_crdt_editor_last_updated_by"
        `);
  }
}
