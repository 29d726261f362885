import { IsOptional, IsString, MaxLength } from 'class-validator';
import { IsEmailAddress, IsIdentifier } from './field.validators';

/** A user as callers name them (spec: User): id plus optional display fields. Roles and status extend it where they apply. */
export class UserRefDto {
  @IsIdentifier()
  userId: string;

  @IsOptional()
  @IsString()
  @MaxLength(256)
  name?: string;

  @IsOptional()
  @IsEmailAddress()
  @MaxLength(320)
  email?: string;
}
