import { IsOptional, IsString, Length } from 'class-validator';
import { Describe, IsIdentifier, MAX_PAGE_TOKEN_LENGTH } from '@app/common';

export class GetUserDataDto {
  @Describe('The organization whose data about the user is returned.')
  @IsIdentifier()
  organizationId: string;

  @Describe('The user whose data is returned.')
  @IsIdentifier()
  userId: string;

  @Describe('nextPageToken of the previous page; every feature list continues where it stopped.')
  @IsOptional()
  @IsString()
  @Length(1, MAX_PAGE_TOKEN_LENGTH)
  pageToken?: string;
}
