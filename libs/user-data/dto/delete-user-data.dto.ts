import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional } from 'class-validator';
import { Describe, IsIdentifier, MAX_ARRAY_ITEMS } from '@app/common';

export class DeleteUserDataDto {
  @Describe('The users whose data is erased.')
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds: string[];

  @Describe('Limits the erasure to these organizations; omitted, it covers every organization of the API key.')
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  organizationIds?: string[];
}
