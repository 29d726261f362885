import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { Nullable } from '@app/common';

export class UpdateAgentEndpointDto {
  /** The endpoint agent steps call; null removes it, and agent steps wait for recordAgentResolution again. */
  @Nullable()
  @IsString()
  @Length(1, 2000)
  url: string | null;

  /** Signs each call's body (x-svc-signature: sha256=<hex>); stored encrypted, never returned. */
  @IsOptional()
  @IsString()
  @Length(16, 256)
  secret?: string;

  @IsOptional()
  @IsInt()
  @Min(1000)
  @Max(60000)
  timeoutMs?: number;
}
