import { IsOptional, IsString, Length, Matches } from 'class-validator';
import { Describe, IsIdentifier, PageRequestDto } from '@app/common';

export class ListAuditEventsDto extends PageRequestDto {
  @Describe('Only this action, e.g. `console.change`, `api_key.created`, `workspace_token.reset`.')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @Matches(/^[a-z_.]+$/)
  action?: string;

  @Describe('Only the events of this API key.')
  @IsOptional()
  @IsIdentifier()
  apiKey?: string;
}
