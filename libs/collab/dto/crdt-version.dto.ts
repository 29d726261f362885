import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { Describe, IsIdentifier, IsName, PageRequestDto } from '@app/common';
import { CrdtEditorRefDto } from './crdt.dto';

/** A week: automatic versions further apart than this are no longer "during activity". */
const MAX_AUTOMATIC_MINUTES = 7 * 24 * 60;
const MAX_RETENTION_DAYS = 3650;

/** Velt's saveVersion(versionName), over REST. */
export class SaveCrdtVersionDto extends CrdtEditorRefDto {
  @IsName()
  versionName: string;

  @Describe('The end user the version is attributed to (createdBy); none when the API key saves it on its own behalf.')
  @IsOptional()
  @IsIdentifier()
  userId?: string;
}

/** Velt's getVersions and getVersionById: newest first, paged; with versionId, that version with its content. */
export class GetCrdtVersionsDto extends PageRequestDto {
  @IsIdentifier()
  organizationId: string;

  @IsIdentifier()
  documentId: string;

  @IsIdentifier()
  editorId: string;

  @Describe('One version, returned with `data`: the content as crdt/get returns it, at that version.')
  @IsOptional()
  @IsIdentifier()
  versionId?: string;
}

/** The changes between two points of an editor's history, each a version or a time (epoch ms). */
export class DiffCrdtVersionsDto extends CrdtEditorRefDto {
  @Describe('The version the diff starts at; without it and without `from`, the start of the history.')
  @IsOptional()
  @IsIdentifier()
  fromVersionId?: string;

  @Describe('The version the diff ends at; without it and without `to`, the current content.')
  @IsOptional()
  @IsIdentifier()
  toVersionId?: string;

  @Describe('A time (epoch ms) the diff starts at: the changes stored by then are before it. Not with fromVersionId.')
  @IsOptional()
  @IsInt()
  @Min(0)
  from?: number;

  @Describe('A time (epoch ms) the diff ends at. Not with toVersionId.')
  @IsOptional()
  @IsInt()
  @Min(0)
  to?: number;
}

/** Velt's restoreVersion(versionId), over REST. */
export class RestoreCrdtVersionDto extends CrdtEditorRefDto {
  @IsIdentifier()
  versionId: string;

  @Describe('The end user the restore is attributed to (in the history and as createdBy of the restore version).')
  @IsOptional()
  @IsIdentifier()
  userId?: string;
}

/** The automatic version policy of the API key; fields not given keep their value. */
export class CrdtVersionPolicyDto {
  @Describe(
    'An automatic version is taken when an editor is edited and its last version is older than this many minutes; 0 turns them off. Default 30.',
  )
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_AUTOMATIC_MINUTES)
  automaticMinutes?: number;

  @Describe(
    'Automatic versions older than this many days are dropped; named and restore versions are kept. 0 keeps them all. Default 30.',
  )
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_RETENTION_DAYS)
  automaticRetentionDays?: number;
}
