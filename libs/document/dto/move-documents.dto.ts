import { IsIdentifier } from '@app/common';
import { DocumentIdsDto } from './document-ids.dto';

export class MoveDocumentsDto extends DocumentIdsDto {
  /** Target folder; it must exist (DESIGN §4). */
  @IsIdentifier()
  folderId: string;
}
