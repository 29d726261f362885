import { createHash } from 'node:crypto';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { decodePageToken, encodePageToken } from './page-token';

export const MAX_PAGE_SIZE = 1000;

/** `pageSize` and `pageToken` of the paged reads (DESIGN §2: default and maximum 1000). */
export class PageRequestDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  pageSize?: number;

  @IsOptional()
  @IsString()
  @Length(1, 2048)
  pageToken?: string;
}

/**
 * Ties a token to the API key and the filters of the listing that issued it. Hashed, because
 * the scope travels inside the token and a filter may hold a thousand ids.
 */
export function pageScope(listing: string, apiKeyId: string, filters: unknown): string {
  return createHash('sha256').update(JSON.stringify([listing, apiKeyId, filters])).digest('base64url').slice(0, 22);
}

export interface KeysetQuery {
  /** Exclusive lower bound on the id, or null for the first page. */
  after: string | null;
  /** One row more than the page, to learn whether another page follows. */
  limit: number;
}

export interface KeysetPage<T> {
  rows: T[];
  nextToken?: string;
}

export class KeysetPager {
  readonly pageSize: number;
  private readonly after: string | null;

  constructor(
    request: PageRequestDto,
    private readonly scope: string,
    private readonly key: Buffer,
  ) {
    this.pageSize = request.pageSize ?? MAX_PAGE_SIZE;
    // `@IsOptional()` lets JSON null through as "absent": treat it so, like a missing token.
    this.after = request.pageToken == null ? null : decodePageToken(request.pageToken, scope, key);
  }

  get query(): KeysetQuery {
    return { after: this.after, limit: this.pageSize + 1 };
  }

  /** Cuts the extra row off and issues the token for the next page when there is one. */
  page<T extends { id: string }>(rows: T[]): KeysetPage<T> {
    if (rows.length <= this.pageSize) return { rows };
    const pageRows = rows.slice(0, this.pageSize);
    return { rows: pageRows, nextToken: encodePageToken({ scope: this.scope, after: pageRows[pageRows.length - 1].id }, this.key) };
  }
}
