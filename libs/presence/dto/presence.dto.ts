import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, Length } from 'class-validator';
import { DocumentRefDto, IsIdentifier, MAX_ARRAY_ITEMS, NestedArray, UserRefDto } from '@app/common';

/** Spec: Presence user; `status` may be omitted. */
export class PresenceUserDto extends UserRefDto {
  @IsOptional()
  @IsString()
  @Length(1, 64)
  status?: string;
}

export class WritePresenceDto extends DocumentRefDto {
  @NestedArray(() => PresenceUserDto)
  users: PresenceUserDto[];
}

export class DeletePresenceDto extends DocumentRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsIdentifier({ each: true })
  userIds: string[];
}
