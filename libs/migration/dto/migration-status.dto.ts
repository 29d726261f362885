import { IsIdentifier } from '@app/common';
import { OrganizationRefDto } from '@app/document';

export class MigrationStatusDto extends OrganizationRefDto {
  @IsIdentifier()
  migrationId: string;
}
