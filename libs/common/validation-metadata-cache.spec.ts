import { getFromContainer, getMetadataStorage, IsInt, IsString, validate, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Base {
  @IsString()
  id: unknown;
}

class Child extends Base {
  @IsInt()
  count: unknown;
}

describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('keeps inherited and own rules', async () => {
    const child = Object.assign(new Child(), { id: 1, count: 'x' });
    expect((await validate(child)).map((error) => error.property).sort()).toEqual(['count', 'id']);
    expect(await validate(Object.assign(new Child(), { id: 'a', count: 2 }))).toEqual([]);
  });

  it('answers a repeated lookup from the cache, per options', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Child, '', false, false);
    expect(first.map((metadata) => metadata.propertyName).sort()).toEqual(['count', 'id']);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false)).toBe(first);
    expect(storage.getTargetValidationMetadatas(Child, '', false, false, ['other'])).not.toBe(first);
  });

  it('groups the rules of a class by property once', () => {
    const storage = getMetadataStorage();
    const metadatas = storage.getTargetValidationMetadatas(Child, '', false, false);
    const grouped = storage.groupByPropertyName(metadatas);
    expect(Object.keys(grouped).sort()).toEqual(['count', 'id']);
    expect(storage.groupByPropertyName(metadatas)).toBe(grouped);
  });

  it('makes one validator instance per rule class', () => {
    class Rule {}
    expect(getFromContainer(Rule)).toBeInstanceOf(Rule);
    expect(getFromContainer(Rule)).toBe(getFromContainer(Rule));
    expect(validateSync(Object.assign(new Child(), { id: 'a', count: 'x' })).map((error) => error.property)).toEqual([
      'count',
    ]);
  });
});
