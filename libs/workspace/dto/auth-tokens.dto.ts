import { IsOptional, IsString, Length } from 'class-validator';
import { Describe, IsIdentifier } from '@app/common';

export class CreateAuthTokenDto {
  @IsIdentifier()
  apiKey: string;

  @Describe('A name to tell the token apart (default "Default Auth Token").')
  @IsOptional()
  @IsString()
  @Length(1, 256)
  name?: string;
}

export class RevokeAuthTokenDto {
  @IsIdentifier()
  apiKey: string;

  @Describe('The `id` of the token, as `authtokens/get` lists it.')
  @IsIdentifier()
  authTokenId: string;
}
