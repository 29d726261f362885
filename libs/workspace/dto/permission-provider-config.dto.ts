import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Describe } from '@app/common';

export const MAX_PROVIDER_URL_LENGTH = 2048;
export const MAX_PROVIDER_TOKEN_LENGTH = 1024;

export class PermissionProviderSettingsDto {
  @Describe(
    'http(s) URL the realtime gateway POSTs permission queries to; an empty string clears it. Anything else answers "Please enter a valid URL"; ' +
      'a private address, or a name resolving to one, is refused unless WEBHOOK_ALLOW_PRIVATE_NETWORKS is set.',
  )
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PROVIDER_URL_LENGTH)
  permissionProviderUrl?: string;

  @Describe(
    'Sent to the provider as `Authorization: Bearer <authToken>`; an empty string clears it. Stored encrypted, read back masked.',
  )
  @IsOptional()
  @IsString()
  @MaxLength(MAX_PROVIDER_TOKEN_LENGTH)
  authToken?: string;
}

/** At least one member (Velt's page); merged into the stored configuration, an absent field keeps its value. */
export class UpdatePermissionProviderConfigDto {
  @Describe('Turns the permission provider on for realtime subscribes; it takes effect once a URL is set too.')
  @IsOptional()
  @IsBoolean()
  usePermissionProvider?: boolean;

  @Describe('Merged field by field into the stored configuration.')
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PermissionProviderSettingsDto)
  permissionProviderConfig?: PermissionProviderSettingsDto;
}
