import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsString, Length } from 'class-validator';

export const MAX_DOMAINS_PER_CALL = 100;

export class DomainsDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(MAX_DOMAINS_PER_CALL)
  @IsString({ each: true })
  @Length(1, 253, { each: true })
  domains: string[];
}
