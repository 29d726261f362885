import { createHash } from 'node:crypto';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { ApiError } from './api-error';
import { decodePageToken, encodePageToken, INVALID_PAGE_TOKEN } from './page-token';

/** docs/architecture.md "Wire conventions": `pageSize` defaults to 1000 and may not exceed it. */
export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;
export const MAX_PAGE_TOKEN_LENGTH = 2048;

/** `pageSize` and `pageToken` of the paged reads. */
export class PageRequestDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize?: number;

  @IsOptional()
  @IsString()
  @Length(1, MAX_PAGE_TOKEN_LENGTH)
  pageToken?: string;
}

/**
 * The type of one ordering column of a listing, checked again when its token comes back. Values
 * travel as text: `bigint` as PostgreSQL returns it, `timestamp` as the database's own text (a JS
 * Date drops the microseconds, and the cursor would skip or repeat rows).
 */
export type CursorColumn = 'text' | 'bigint' | 'timestamp';

/** One value per ordering column, in the order of the listing's columns. */
export type Cursor<Columns extends readonly CursorColumn[]> = { readonly [K in keyof Columns]: string };

/** A paged listing: its name (part of every token's scope), its ordering columns, and how to read them off a row. */
export interface KeysetListing<Row, Columns extends readonly CursorColumn[]> {
  readonly name: string;
  readonly columns: Columns;
  readonly cursorOf: (row: Row) => Cursor<Columns>;
}

export function keysetListing<Row, const Columns extends readonly CursorColumn[]>(
  name: string,
  columns: Columns,
  cursorOf: (row: Row) => Cursor<Columns>,
): KeysetListing<Row, Columns> {
  return { name, columns, cursorOf };
}

/** Who lists and with which filters: a token is valid only for the same API key and the same filters. */
export interface PageScope {
  apiKeyId: string;
  filters: unknown;
}

export interface KeysetPage<T> {
  rows: T[];
  nextToken?: string;
}

const COLUMN_FORMAT: Record<CursorColumn, (value: string) => boolean> = {
  text: (value) => value.length > 0,
  bigint: (value) => /^-?\d{1,19}$/.test(value),
  timestamp: (value) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/.test(value),
};

/**
 * Hashed, because the scope travels inside every token and a filter may hold a thousand ids: the
 * token's length must not grow with the filters (the route accepts at most MAX_PAGE_TOKEN_LENGTH back).
 */
function hashScope(listing: string, { apiKeyId, filters }: PageScope): string {
  return createHash('sha256')
    .update(JSON.stringify([listing, apiKeyId, filters ?? null]))
    .digest('base64url')
    .slice(0, 22);
}

/**
 * Keyset paging for one request: reads the request's cursor (an exclusive bound, null on the first
 * page) and issues the next page's token. The caller's query orders by the listing's columns, filters
 * past `after` and fetches `limit` rows.
 */
export class KeysetPager<Row, Columns extends readonly CursorColumn[]> {
  readonly pageSize: number;
  readonly after: Cursor<Columns> | null;
  private scopeHash: string | undefined;

  constructor(
    private readonly listing: KeysetListing<Row, Columns>,
    request: PageRequestDto,
    private readonly scope: PageScope,
    private readonly key: Buffer,
  ) {
    this.pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
    this.after =
      request.pageToken === undefined ? null : this.parse(decodePageToken(request.pageToken, this.hashedScope(), key));
  }

  /** One row more than the page, to learn whether another page follows. */
  get limit(): number {
    return this.pageSize + 1;
  }

  /** Cuts the extra row off and issues the token for the next page when there is one. */
  page<R extends Row>(rows: R[]): KeysetPage<R> {
    if (rows.length <= this.pageSize) return { rows };
    const pageRows = rows.slice(0, this.pageSize);
    return { rows: pageRows, nextToken: this.tokenAfter(this.listing.cursorOf(pageRows[pageRows.length - 1])) };
  }

  /** The token of the page after `after`; for a listing that decides itself whether more follows (several lists in one page). */
  tokenAfter(after: Cursor<Columns>): string {
    return encodePageToken({ scope: this.hashedScope(), after }, this.key);
  }

  /** Hashed only when a token is read or issued: most requests are one page and need neither. */
  private hashedScope(): string {
    this.scopeHash ??= hashScope(this.listing.name, this.scope);
    return this.scopeHash;
  }

  private parse(values: string[]): Cursor<Columns> {
    const { columns } = this.listing;
    if (values.length !== columns.length || !values.every((value, i) => COLUMN_FORMAT[columns[i]](value))) {
      throw ApiError.invalid(INVALID_PAGE_TOKEN);
    }
    return values as unknown as Cursor<Columns>;
  }
}
