import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Comments take Velt's shapes: numeric comment ids assigned by the server (existing string ids are
 * re-numbered 1..n per annotation in creation order), status and priority as objects (the old enum
 * values become Velt's default status objects and same-id priority objects), and the annotation and
 * comment fields Velt documents (location, target element, context, HTML, attachments, ...).
 */
export class VeltCommentModel1795400000000 implements MigrationInterface {
  name = 'VeltCommentModel1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "comment_reaction" DROP CONSTRAINT "FK_5fc881498f7dbf6a4cbcf5246bd"`);

    // Comments: a numeric id per annotation, in creation order.
    await queryRunner.query(`ALTER TABLE "comment" ADD "number" bigint`);
    await queryRunner.query(`
      UPDATE "comment" AS c SET "number" = n.rn
        FROM (SELECT api_key_id, organization_id, document_id, annotation_id, id,
                     row_number() OVER (PARTITION BY api_key_id, organization_id, document_id, annotation_id ORDER BY seq) AS rn
                FROM "comment") AS n
       WHERE c.api_key_id = n.api_key_id AND c.organization_id = n.organization_id AND c.document_id = n.document_id
         AND c.annotation_id = n.annotation_id AND c.id = n.id`);
    // Re-keyed ids can swap (old '2' becomes 1 while old '1' becomes 2), and PostgreSQL checks a
    // non-deferrable key row by row, so the reaction key is rebuilt after the update.
    await queryRunner.query(`ALTER TABLE "comment_reaction" DROP CONSTRAINT "PK_6b0cc3909b78aa3a2bfe259a72b"`);
    await queryRunner.query(`
      UPDATE "comment_reaction" AS r SET comment_id = c."number"::text
        FROM "comment" AS c
       WHERE r.api_key_id = c.api_key_id AND r.organization_id = c.organization_id AND r.document_id = c.document_id
         AND r.annotation_id = c.annotation_id AND r.comment_id = c.id`);
    await queryRunner.query(
      `ALTER TABLE "comment_reaction" ALTER COLUMN "comment_id" TYPE bigint USING comment_id::bigint`,
    );
    await queryRunner.query(`
      ALTER TABLE "comment_reaction" ADD CONSTRAINT "PK_6b0cc3909b78aa3a2bfe259a72b"
        PRIMARY KEY ("api_key_id", "organization_id", "document_id", "annotation_id", "comment_id", "user_id", "icon")`);
    await queryRunner.query(`ALTER TABLE "comment" DROP CONSTRAINT "PK_4ab40afd900fb9be642e4562eba"`);
    await queryRunner.query(`ALTER TABLE "comment" DROP COLUMN "id"`);
    await queryRunner.query(`ALTER TABLE "comment" RENAME COLUMN "number" TO "id"`);
    await queryRunner.query(`ALTER TABLE "comment" ALTER COLUMN "id" SET NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE "comment" ADD CONSTRAINT "PK_4ab40afd900fb9be642e4562eba"
        PRIMARY KEY ("api_key_id", "organization_id", "document_id", "annotation_id", "id")`);
    await queryRunner.query(`
      ALTER TABLE "comment_reaction" ADD CONSTRAINT "FK_5fc881498f7dbf6a4cbcf5246bd"
        FOREIGN KEY ("api_key_id", "organization_id", "document_id", "annotation_id", "comment_id")
        REFERENCES "comment"("api_key_id", "organization_id", "document_id", "annotation_id", "id") ON DELETE CASCADE ON UPDATE CASCADE`);

    // Comments: Velt's fields; tagged users become AutocompleteUserContactReplaceData.
    await queryRunner.query(`ALTER TABLE "comment" RENAME COLUMN "to_contacts_tagged" TO "tagged_user_contacts"`);
    await queryRunner.query(`
      UPDATE "comment" SET tagged_user_contacts = COALESCE(
        (SELECT jsonb_agg(jsonb_build_object('userId', t->'userId', 'contact', t)) FROM jsonb_array_elements(tagged_user_contacts) AS t), '[]')`);
    await queryRunner.query(`ALTER TABLE "comment" ADD "html" text`);
    await queryRunner.query(`ALTER TABLE "comment" ADD "context" jsonb`);
    await queryRunner.query(`ALTER TABLE "comment" ADD "attachments" jsonb NOT NULL DEFAULT '[]'`);
    await queryRunner.query(`ALTER TABLE "comment" ADD "agent" jsonb`);

    // Annotations: status and priority objects, Velt's fields, and the next comment id.
    await queryRunner.query(`ALTER TABLE "comment_annotation" ALTER COLUMN "status" DROP DEFAULT`);
    await queryRunner.query(`
      ALTER TABLE "comment_annotation" ALTER COLUMN "status" TYPE jsonb USING (CASE status
        WHEN 'in_progress' THEN '{"id":"IN_PROGRESS","name":"In Progress","type":"ongoing","color":"#FFCD2E","lightColor":"#FFFBEE"}'
        WHEN 'resolved' THEN '{"id":"RESOLVED","name":"Resolved","type":"terminal","color":"#198F65","lightColor":"#EDF6F3"}'
        ELSE '{"id":"OPEN","name":"Open","type":"default","color":"#625DF5","lightColor":"#E7E8FA"}' END)::jsonb`);
    await queryRunner.query(`
      ALTER TABLE "comment_annotation" ALTER COLUMN "priority" TYPE jsonb USING (CASE priority
        WHEN 'urgent' THEN '{"id":"urgent","name":"Urgent","color":"#FF7162","lightColor":"#FFF4F2"}'
        WHEN 'high' THEN '{"id":"high","name":"High","color":"#FF7162","lightColor":"#FFF4F2"}'
        WHEN 'medium' THEN '{"id":"medium","name":"Medium","color":"#FFCD2E","lightColor":"#FFFBEE"}'
        WHEN 'low' THEN '{"id":"low","name":"Low","color":"#625DF5","lightColor":"#F2F2FE"}' END)::jsonb`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "location" jsonb`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "location_id" text COLLATE "C"`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "target_element" jsonb`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "context" jsonb`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "type" text NOT NULL DEFAULT 'comment'`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "comment_type" text`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "suggestion" jsonb`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "visibility" jsonb`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "resolved_by_user_id" text`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "status_updated_by_user_id" text`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ADD "next_comment_id" bigint NOT NULL DEFAULT '1'`);
    await queryRunner.query(`
      UPDATE "comment_annotation" AS a SET next_comment_id = m.next
        FROM (SELECT api_key_id, organization_id, document_id, annotation_id, max(id) + 1 AS next FROM "comment"
               GROUP BY api_key_id, organization_id, document_id, annotation_id) AS m
       WHERE a.api_key_id = m.api_key_id AND a.organization_id = m.organization_id AND a.document_id = m.document_id AND a.id = m.annotation_id`);
    // Organization-wide listings, newest change first (Velt's default order).
    await queryRunner.query(
      `CREATE INDEX "IDX_comment_annotation_updated" ON "comment_annotation" ("api_key_id", "organization_id", "updated_at", "seq")`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_comment_annotation_updated"`);
    for (const column of [
      'next_comment_id',
      'status_updated_by_user_id',
      'resolved_by_user_id',
      'visibility',
      'suggestion',
      'comment_type',
      'type',
      'context',
      'target_element',
      'location_id',
      'location',
    ]) {
      await queryRunner.query(`ALTER TABLE "comment_annotation" DROP COLUMN "${column}"`);
    }
    await queryRunner.query(`
      ALTER TABLE "comment_annotation" ALTER COLUMN "priority" TYPE text USING (CASE WHEN priority->>'id' IN ('low', 'medium', 'high', 'urgent') THEN priority->>'id' END)`);
    await queryRunner.query(`
      ALTER TABLE "comment_annotation" ALTER COLUMN "status" TYPE text USING (CASE
        WHEN status->>'type' = 'terminal' THEN 'resolved' WHEN status->>'type' = 'ongoing' THEN 'in_progress' ELSE 'open' END)`);
    await queryRunner.query(`ALTER TABLE "comment_annotation" ALTER COLUMN "status" SET DEFAULT 'open'`);
    for (const column of ['agent', 'attachments', 'context', 'html'])
      await queryRunner.query(`ALTER TABLE "comment" DROP COLUMN "${column}"`);
    await queryRunner.query(`
      UPDATE "comment" SET tagged_user_contacts = COALESCE(
        (SELECT jsonb_agg(COALESCE(t->'contact', jsonb_build_object('userId', t->'userId'))) FROM jsonb_array_elements(tagged_user_contacts) AS t), '[]')`);
    await queryRunner.query(`ALTER TABLE "comment" RENAME COLUMN "tagged_user_contacts" TO "to_contacts_tagged"`);
    await queryRunner.query(`ALTER TABLE "comment_reaction" DROP CONSTRAINT "FK_5fc881498f7dbf6a4cbcf5246bd"`);
    await queryRunner.query(
      `ALTER TABLE "comment_reaction" ALTER COLUMN "comment_id" TYPE text COLLATE "C" USING comment_id::text`,
    );
    await queryRunner.query(`ALTER TABLE "comment" ALTER COLUMN "id" TYPE text COLLATE "C" USING id::text`);
    await queryRunner.query(`
      ALTER TABLE "comment_reaction" ADD CONSTRAINT "FK_5fc881498f7dbf6a4cbcf5246bd"
        FOREIGN KEY ("api_key_id", "organization_id", "document_id", "annotation_id", "comment_id")
        REFERENCES "comment"("api_key_id", "organization_id", "document_id", "annotation_id", "id") ON DELETE CASCADE ON UPDATE CASCADE`);
  }
}
