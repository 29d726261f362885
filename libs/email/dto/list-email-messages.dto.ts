import { IsIn, IsOptional } from 'class-validator';
import { IsIdentifier, PageRequestDto } from '@app/common';
import { EMAIL_REASONS, EMAIL_STATUSES, EmailReason, EmailStatus } from '../entities/email-message.entity';

export class ListEmailMessagesDto extends PageRequestDto {
  @IsOptional()
  @IsIn(EMAIL_STATUSES)
  status?: EmailStatus;

  @IsOptional()
  @IsIn(EMAIL_REASONS)
  reason?: EmailReason;

  /** Only the e-mails to this user. */
  @IsOptional()
  @IsIdentifier()
  userId?: string;
}
