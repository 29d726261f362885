import { IsBoolean, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { API_KEY_TYPES, ApiKeyType } from '../entities/api-key.entity';

export class CreateApiKeyDto {
  @IsIn(API_KEY_TYPES)
  type: ApiKeyType;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  apiKeyName?: string;

  @IsOptional()
  @IsBoolean()
  createAuthToken?: boolean;
}
