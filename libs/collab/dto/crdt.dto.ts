import { IsDefined, IsIn, IsOptional } from 'class-validator';
import { CRDT_TYPES, CrdtType } from '@app/crdt';
import { Describe, DocumentRefDto, IsIdentifier, IsJsonValue } from '@app/common';

/** Velt: Get CRDT Data; without editorId, every editor of the document. */
export class GetCrdtDto extends DocumentRefDto {
  @IsOptional()
  @IsIdentifier()
  editorId?: string;
}

/** One editor of a document: the store id of Velt's CRDT library. */
export class CrdtEditorRefDto extends DocumentRefDto {
  @IsIdentifier()
  editorId: string;
}

/** Velt: Add / Update CRDT Data. */
export class WriteCrdtDto extends CrdtEditorRefDto {
  @Describe('A string for `text` and `xml`, an object for `map`, an array for `array`.')
  @IsDefined()
  @IsJsonValue()
  data: unknown;

  @IsIn(CRDT_TYPES)
  type: CrdtType;

  @Describe('The Yjs root the editor binds: `content` unless set (`default` for TipTap).')
  @IsOptional()
  @IsIdentifier()
  contentKey?: string;
}
