import { IsIdentifier, PrefixSearchDto } from '@app/common';

export class SearchDocumentsDto extends PrefixSearchDto {
  @IsIdentifier()
  organizationId: string;
}
