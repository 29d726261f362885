import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsOptional, IsString, Length, MaxLength, ValidateNested } from 'class-validator';
import { IsEmailAddress, MAX_ARRAY_ITEMS } from '@app/common';
import { DocumentRefDto } from '@app/live-state/dto/live-state.dto';

/** Spec: Presence user; `status` may be omitted. */
export class PresenceUserDto {
  @IsString()
  @Length(1, 256)
  userId: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  name?: string;

  @IsOptional()
  @IsEmailAddress()
  @MaxLength(320)
  email?: string;

  @IsOptional()
  @IsString()
  @Length(1, 64)
  status?: string;
}

export class WritePresenceDto extends DocumentRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @ValidateNested({ each: true })
  @Type(() => PresenceUserDto)
  users: PresenceUserDto[];
}

export class DeletePresenceDto extends DocumentRefDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_ARRAY_ITEMS)
  @IsString({ each: true })
  @Length(1, 256, { each: true })
  userIds: string[];
}
