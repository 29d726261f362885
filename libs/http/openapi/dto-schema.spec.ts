import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { Describe, IsIdentifier, NoEffect } from '@app/common';
import { DtoSchemaRegistry } from './dto-schema';

class ItemDto {
  @IsIdentifier()
  itemId: string;

  @IsOptional()
  @IsIn(['a', 'b'])
  kind?: string;
}

class BaseDto {
  @IsString()
  @Length(1, 10)
  scope: string;
}

class RequestDto extends BaseDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(5)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => ItemDto)
  items: ItemDto[];

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Length(1, 3, { each: true })
  tags?: string[];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(9)
  size?: number;

  @ValidateIf((dto: RequestDto) => dto.flag !== undefined)
  @IsBoolean()
  flag?: boolean;

  @IsEmail()
  email: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ItemDto)
  main?: ItemDto;
}

describe('DtoSchemaRegistry', () => {
  it('reads types, limits, requiredness and nesting from class-validator rules, inherited ones included', () => {
    const registry = new DtoSchemaRegistry();
    expect(registry.ref(RequestDto)).toEqual({ $ref: '#/components/schemas/RequestDto' });
    const schemas = registry.schemas();
    const { required, ...requestDto } = schemas.RequestDto;
    expect(requestDto).toEqual({
      type: 'object',
      properties: {
        scope: { type: 'string', minLength: 1, maxLength: 10 },
        items: { type: 'array', minItems: 1, maxItems: 5, items: { $ref: '#/components/schemas/ItemDto' } },
        tags: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 3 } },
        size: { type: 'integer', minimum: 1, maximum: 9 },
        flag: { type: 'boolean' },
        email: { type: 'string', format: 'email' },
        main: { $ref: '#/components/schemas/ItemDto' },
      },
    });
    expect(required?.slice().sort()).toEqual(['email', 'items', 'scope']);
    expect(schemas.ItemDto).toEqual({
      type: 'object',
      properties: {
        itemId: { type: 'string', minLength: 1, maxLength: 256 },
        kind: { type: 'string', enum: ['a', 'b'] },
      },
      required: ['itemId'],
    });
  });

  it('carries field descriptions, through allOf beside a reference, and marks fields accepted without effect', () => {
    class DescribedDto {
      @Describe('Where the item sits.')
      @IsOptional()
      @ValidateNested()
      @Type(() => ItemDto)
      place?: ItemDto;

      @NoEffect('there are no regions.')
      @IsOptional()
      @IsString()
      region?: string;
    }
    const registry = new DtoSchemaRegistry();
    registry.ref(DescribedDto);
    expect(registry.schemas().DescribedDto.properties).toEqual({
      place: { allOf: [{ $ref: '#/components/schemas/ItemDto' }], description: 'Where the item sits.' },
      region: {
        type: 'string',
        description: 'Accepted for Velt compatibility; has no effect here: there are no regions.',
      },
    });
  });

  it('gives two classes of one name distinct components', () => {
    const registry = new DtoSchemaRegistry();
    const first = (() => {
      class SameDto {
        @IsString()
        a: string;
      }
      return SameDto;
    })();
    const second = (() => {
      class SameDto {
        @IsInt()
        b: number;
      }
      return SameDto;
    })();
    expect(registry.ref(first)).toEqual({ $ref: '#/components/schemas/SameDto' });
    expect(registry.ref(second)).toEqual({ $ref: '#/components/schemas/SameDto2' });
    expect(Object.keys(registry.schemas()).sort()).toEqual(['SameDto', 'SameDto2']);
  });
});
