import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * live_state_deep_merge(target, patch): the live-state merge of libs/live-state/deep-merge.ts in SQL,
 * so a merging broadcast is one upsert. Objects merge key by key, recursively; anything else in
 * `patch` replaces; `__proto__`, `constructor` and `prototype` keys are dropped wherever keys merge.
 */
export class LiveStateDeepMerge1795460000000 implements MigrationInterface {
  name = 'LiveStateDeepMerge1795460000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            CREATE FUNCTION live_state_deep_merge(target jsonb, patch jsonb) RETURNS jsonb
            LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            BEGIN
                RETURN (
                    SELECT COALESCE(jsonb_object_agg(merged.key, merged.value), '{}'::jsonb)
                    FROM (
                        SELECT COALESCE(p.key, t.key) AS key,
                            CASE
                                WHEN p.key IS NULL THEN t.value
                                WHEN jsonb_typeof(t.value) = 'object' AND jsonb_typeof(p.value) = 'object' THEN live_state_deep_merge(t.value, p.value)
                                ELSE p.value
                            END AS value
                        FROM jsonb_each(target) t FULL JOIN jsonb_each(patch) p ON p.key = t.key
                        WHERE COALESCE(p.key, t.key) NOT IN ('__proto__', 'constructor', 'prototype')
                    ) merged
                );
            END
            $$
        `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
            DROP FUNCTION live_state_deep_merge(jsonb, jsonb)
        `);
  }
}
