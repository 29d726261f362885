import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Length } from 'class-validator';
import { IsIdentifier, MAX_IDENTIFIER_LENGTH } from '@app/common';
import { IsJsonObject } from './json-fields';

/** Velt: at most 100 members a group, counted on the array as sent. */
export const MAX_GROUP_AGENTS = 100;

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

class AgentIdListDto {
  @IsArray()
  @ArrayMaxSize(MAX_GROUP_AGENTS)
  @IsString({ each: true })
  @Length(1, MAX_IDENTIFIER_LENGTH, { each: true })
  agentIds: string[];
}

export class CreateGroupDto {
  @Transform(trimmed) @IsString() @Length(1, 200) name: string;
  @IsOptional() @Transform(trimmed) @IsString() @Length(0, 2000) description?: string;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_GROUP_AGENTS)
  @IsString({ each: true })
  @Length(1, MAX_IDENTIFIER_LENGTH, { each: true })
  agentIds?: string[];
  @IsOptional() @IsJsonObject() metadata?: Record<string, unknown>;
}

export class GroupRefDto {
  @IsIdentifier() groupId: string;
}

export class UpdateGroupDto extends GroupRefDto {
  @IsOptional() @Transform(trimmed) @IsString() @Length(1, 200) name?: string;
  @IsOptional() @Transform(trimmed) @IsString() @Length(0, 2000) description?: string;
}

export class GroupMembersDto extends AgentIdListDto {
  @IsIdentifier() groupId: string;
}
