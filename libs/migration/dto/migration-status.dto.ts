import { IsIdentifier } from '@app/common';
import { OrganizationRefDto } from '@app/document/dto/organization-ref.dto';

export class MigrationStatusDto extends OrganizationRefDto {
  @IsIdentifier()
  migrationId: string;
}
