import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { IsIdentifier, MAX_PAGE_TOKEN_LENGTH } from '@app/common';

/** Velt's page: at most 100 keys a page, 100 by default. */
export const MAX_API_KEYS_PAGE_SIZE = 100;

export class ListApiKeysDto {
  /** Only these API key ids; ids of other workspaces are left out, as absent ones are. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_API_KEYS_PAGE_SIZE)
  @IsIdentifier({ each: true })
  apiKeys?: string[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_API_KEYS_PAGE_SIZE)
  pageSize?: number;

  @IsOptional()
  @IsString()
  @Length(1, MAX_PAGE_TOKEN_LENGTH)
  pageToken?: string;
}

export class UpdateApiKeyDto {
  @IsIdentifier()
  apiKey: string;

  @IsString()
  @Length(1, 256)
  apiKeyName: string;
}
