/**
 * Embeddings as PostgreSQL stores them without pgvector: a unit-length `real[]` (so cosine similarity
 * is a dot product) and its sign bits as a `bit varying` sketch. A search ranks by the sketches'
 * Hamming distance (a sign-random-projection estimate of the angle, one cheap scan), then reranks the
 * closest candidates by the exact dot product (docs/ai.md "Memory").
 */

/** The vector scaled to length 1; null when it is empty, not finite or all zeros (an unusable model answer). */
export function unitVector(vector: readonly number[]): number[] | null {
  if (vector.length === 0 || vector.some((x) => typeof x !== 'number' || !Number.isFinite(x))) return null;
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  if (norm === 0) return null;
  return vector.map((x) => x / norm);
}

/** The sign bits of the vector, as PostgreSQL's bit string literal text. */
export function signSketch(vector: readonly number[]): string {
  return vector.map((x) => (x > 0 ? '1' : '0')).join('');
}

/** A stored embedding: the unit vector and its sketch, as query parameters. */
export interface StoredEmbedding {
  embedding: number[];
  sketch: string;
}

export function storedEmbedding(vector: readonly number[]): StoredEmbedding | null {
  const unit = unitVector(vector);
  return unit ? { embedding: unit, sketch: signSketch(unit) } : null;
}

/** How many candidates the sketch scan passes to the exact rerank for `limit` results. */
export function candidateCount(limit: number): number {
  return Math.max(200, limit * 20);
}

/**
 * SQL of a nearest-neighbour search over `table` (alias t): rows matching `where` (parameters from $4),
 * the sketch prefilter against $2 taking $3 candidates, exact cosine similarity against $1 as `similarity`.
 */
export function nearestSql(table: string, columns: string, where: string): string {
  return `WITH candidates AS (
      SELECT ${columns}, t.embedding FROM ${table} t
       WHERE ${where} AND t.sketch IS NOT NULL AND length(t.sketch) = length($2::varbit)
       ORDER BY bit_count(t.sketch # $2::varbit) LIMIT $3)
    SELECT c.*, (SELECT sum(x * y) FROM unnest(c.embedding, $1::real[]) AS u(x, y))::float8 AS similarity
      FROM candidates c ORDER BY similarity DESC`;
}
