import { IsBoolean, IsOptional } from 'class-validator';
import { OrganizationIdsDto } from './organization-ids.dto';

export class UpdateDisabledStateDto extends OrganizationIdsDto {
  @IsBoolean()
  disabled: boolean;

  /** Absent means true here: the spec's state table creates a missing organization (docs/architecture.md "Resources and live data"). */
  @IsOptional()
  @IsBoolean()
  createOrganization?: boolean;
}
