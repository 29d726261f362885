import { IsIn, IsString, Length } from 'class-validator';
import { Describe } from './field-docs';
import { PageRequestDto } from './keyset-page';

export const SEARCH_FIELDS = ['id', 'name'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * A prefix search of a paged listing (the console's data browser): by id (exact case), or by name
 * (case-insensitive). Each is a range of its own index, so a search costs the page it answers.
 */
export class PrefixSearchDto extends PageRequestDto {
  @Describe('What the id or the name starts with.')
  @IsString()
  @Length(1, 256)
  prefix: string;

  @Describe('`id` (exact case) or `name` (any case).')
  @IsIn(SEARCH_FIELDS)
  searchBy: SearchField;
}

/** The LIKE pattern of "starts with `prefix`", its wildcards escaped; lower-cased for a name search. */
export function likePrefix(prefix: string, field: SearchField): string {
  const text = field === 'name' ? prefix.toLowerCase() : prefix;
  return `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
