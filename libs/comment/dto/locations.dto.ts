import { Type } from 'class-transformer';
import { IsBoolean, IsObject, IsOptional, ValidateNested } from 'class-validator';
import { Describe, IsIdentifier, NoEffect } from '@app/common';

/** What both of Velt's location pages send: the credentials again in the body, and the document. */
class LocationRequestDto {
  @NoEffect('the x-svc-api-key header authenticates the request; the copy in the body is not read.')
  @IsOptional()
  @IsIdentifier()
  apiKey?: string;

  @NoEffect('the x-svc-auth-token header authenticates the request; the copy in the body is not read.')
  @IsOptional()
  @IsIdentifier()
  authToken?: string;

  @Describe('The document whose comment annotations carry the location.')
  @IsIdentifier()
  documentId: string;

  @Describe(
    "The document's organization; when omitted, the one organization holding a document of that id (a document id held by several organizations then needs it). " +
      "Velt's Delete Data by Location page has no organizationId: there it is our addition, for that case.",
  )
  @IsOptional()
  @IsIdentifier()
  organizationId?: string;
}

export class LocationMigrationDto {
  @Describe('The location as stored: annotations whose location has the same `id` (else `locationName`) are updated.')
  @IsObject()
  oldLocation: Record<string, unknown>;

  @Describe('The location they get.')
  @IsObject()
  newLocation: Record<string, unknown>;
}

/** Velt's v1 Update Location. */
export class UpdateLocationDto extends LocationRequestDto {
  @Describe('The location to replace and its replacement.')
  @IsObject()
  @ValidateNested()
  @Type(() => LocationMigrationDto)
  migrate: LocationMigrationDto;

  @Describe(
    "True: the new location's fields are merged into each stored location; false (the default): it replaces them.",
  )
  @IsOptional()
  @IsBoolean()
  merge?: boolean;
}

/** Velt's v1 Delete Data by Location. */
export class DeleteLocationDataDto extends LocationRequestDto {
  @Describe(
    'The location: every comment annotation of the document at the location with this `id` (else `locationName`) is deleted, with its comments.',
  )
  @IsObject()
  location: Record<string, unknown>;
}
