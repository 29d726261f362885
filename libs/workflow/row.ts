import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

/** A row with JSON columns, as TypeORM's insert and update take it (its deep-partial type cannot see through `unknown`). */
export function row<T>(value: Partial<T>): QueryDeepPartialEntity<T> {
  return value as QueryDeepPartialEntity<T>;
}
