import { IsIdentifier, OrganizationRefDto } from '@app/common';

export class MigrationStatusDto extends OrganizationRefDto {
  @IsIdentifier()
  migrationId: string;
}
