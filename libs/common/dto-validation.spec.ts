import { IsInt, IsObject, IsOptional, IsString } from 'class-validator';
import { ApiError } from './api-error';
import { validatedDto } from './dto-validation';
import { NestedArray } from './nested-array.decorator';
import { Nullable } from './nullable-fields';

class ItemDto {
  @IsString()
  id: string;
}

class NoteDto {
  @IsString()
  id: string;

  @IsOptional()
  @IsString()
  note?: string;

  @IsOptional()
  @Nullable()
  @IsString()
  parentId?: string | null;
}

class NotesDto {
  @NestedArray(() => NoteDto)
  items: NoteDto[];

  @IsOptional()
  @IsInt()
  count?: number;

  @IsOptional()
  @IsObject()
  extra?: Record<string, unknown>;
}

class ListDto {
  @NestedArray(() => ItemDto)
  items: ItemDto[];

  @IsOptional()
  @IsInt()
  count?: number;

  @IsOptional()
  @IsObject()
  extra?: Record<string, unknown>;
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error('no error');
}

describe('validatedDto', () => {
  it('answers instances of the DTO and of its nested classes', () => {
    const dto = validatedDto(ListDto, { items: [{ id: 'a' }], count: 2 });
    expect(dto).toBeInstanceOf(ListDto);
    expect(dto.items[0]).toBeInstanceOf(ItemDto);
    expect(dto).toMatchObject({ items: [{ id: 'a' }], count: 2 });
  });

  it('names the first bad field by its path, and an unknown field as unknown', () => {
    expect(messageOf(() => validatedDto(ListDto, { items: [{ id: 1 }] }))).toBe(
      'INVALID_ARGUMENT: data.items[0].id must be a string.',
    );
    expect(messageOf(() => validatedDto(ListDto, { items: [{ id: 'a' }], colour: 'red' }))).toBe(
      'INVALID_ARGUMENT: data.colour is not a known field.',
    );
  });

  it('drops constructor and prototype keys at every depth instead of failing on them', () => {
    const plain = JSON.parse(
      '{"items":[{"id":"a","constructor":5}],"constructor":{"prototype":1},"extra":{"prototype":{"x":1},"ok":true}}',
    ) as object;
    const dto = validatedDto(ListDto, plain);
    expect(dto).toBeInstanceOf(ListDto);
    expect(Object.keys(dto.items[0])).toEqual(['id']);
    expect(dto.extra).toEqual({ ok: true });
  });

  it('refuses null in an optional field by its path, keeps it where the field is @Nullable() or free-form', () => {
    expect(messageOf(() => validatedDto(NotesDto, { items: [{ id: 'a' }], count: null }))).toBe(
      'INVALID_ARGUMENT: data.count must not be null.',
    );
    expect(messageOf(() => validatedDto(NotesDto, { items: [{ id: 'a' }, { id: 'b', note: null }] }))).toBe(
      'INVALID_ARGUMENT: data.items[1].note must not be null.',
    );
    expect(
      messageOf(() => validatedDto(NotesDto, { items: [{ id: 'a', note: null }] }, { invalidMessage: 'Bad.' })),
    ).toBe('INVALID_ARGUMENT: Bad.');
    const dto = validatedDto(NotesDto, { items: [{ id: 'a', parentId: null }], extra: { gone: null, list: [null] } });
    expect(dto).toMatchObject({ items: [{ id: 'a', parentId: null }], extra: { gone: null, list: [null] } });
    expect(messageOf(() => validatedDto(NotesDto, { items: [{ id: 'a', parentId: 7 }] }))).toBe(
      'INVALID_ARGUMENT: data.items[0].parentId must be a string.',
    );
  });
});
