/** Columns of a folder item (FolderRow) from a `folder` row aliased `f`. */
const FOLDER_COLUMNS =
  'f.id, f.organization_id, f.api_key_id, f.name, f.parent_folder_id, f.access_type, f.metadata, f.created_at, f.updated_at';

/** Guards every walk of the tree; the writes keep it acyclic, this only bounds a corrupted one. */
const MAX_WALK = 10000;

/**
 * One page of the flat listing. The organization row decides NOT_FOUND; each folder's ancestors
 * come from a walk up its parent chain.
 * $1 api key, $2 organization, $3 ids or null, $4 parent or null, $5 cursor or null, $6 limit.
 */
export const LIST_FOLDERS = `
  SELECT f.found, ${FOLDER_COLUMNS}, a.ancestors FROM organization o
  LEFT JOIN LATERAL (
    SELECT true AS found, id, organization_id, api_key_id, name, parent_folder_id, access_type, metadata, created_at, updated_at FROM folder
    WHERE api_key_id = o.api_key_id AND organization_id = o.id
      AND ($3::text[] IS NULL OR id = ANY($3)) AND ($4::text IS NULL OR parent_folder_id = $4)
      AND ($5::text IS NULL OR id > $5)
    ORDER BY id LIMIT $6
  ) f ON true
  LEFT JOIN LATERAL (
    WITH RECURSIVE up(parent, depth) AS (
      SELECT f.parent_folder_id, 0
      UNION ALL
      SELECT g.parent_folder_id, up.depth + 1 FROM up
      JOIN folder g ON g.api_key_id = o.api_key_id AND g.organization_id = o.id AND g.id = up.parent
      WHERE up.depth < ${MAX_WALK}
    )
    SELECT COALESCE(array_agg(parent ORDER BY depth DESC) FILTER (WHERE parent IS NOT NULL), '{}'::text[]) AS ancestors FROM up
  ) a ON true
  WHERE o.api_key_id = $1 AND o.id = $2
  ORDER BY f.id`;

/**
 * The folder $3 and its descendants down to depth $4, each with its ancestors, at most $5 rows.
 * $1 api key, $2 organization.
 */
export const FOLDER_SUBTREE = `
  WITH RECURSIVE up(parent, depth) AS (
    SELECT parent_folder_id, 0 FROM folder WHERE api_key_id = $1 AND organization_id = $2 AND id = $3
    UNION ALL
    SELECT g.parent_folder_id, up.depth + 1 FROM up
    JOIN folder g ON g.api_key_id = $1 AND g.organization_id = $2 AND g.id = up.parent
    WHERE up.depth < ${MAX_WALK}
  ),
  top AS (
    SELECT COALESCE(array_agg(parent ORDER BY depth DESC) FILTER (WHERE parent IS NOT NULL), '{}'::text[]) AS ancestors FROM up
  ),
  down(id, depth, ancestors) AS (
    SELECT g.id, 0, top.ancestors FROM folder g, top WHERE g.api_key_id = $1 AND g.organization_id = $2 AND g.id = $3
    UNION ALL
    SELECT g.id, down.depth + 1, down.ancestors || down.id FROM down
    JOIN folder g ON g.api_key_id = $1 AND g.organization_id = $2 AND g.parent_folder_id = down.id
    WHERE down.depth < $4
  )
  SELECT ${FOLDER_COLUMNS}, down.ancestors, down.depth FROM down
  JOIN folder f ON f.api_key_id = $1 AND f.organization_id = $2 AND f.id = down.id
  ORDER BY down.depth, f.id
  LIMIT $5`;
