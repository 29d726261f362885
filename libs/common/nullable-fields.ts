import { ValidateIf } from 'class-validator';

const NULLABLE_FIELD = Symbol('nullableField');

/**
 * A DTO field where JSON null is a value of its own (it clears what is stored, or names the top
 * level): its other rules skip null. Absent is still checked by them, so an optional field takes
 * `@IsOptional()` too. Any other field sent as null is refused (docs/architecture.md "Wire conventions").
 */
export function Nullable(): PropertyDecorator {
  const skipNull = ValidateIf((_object: object, value: unknown) => value !== null);
  return (target, property) => {
    Reflect.defineMetadata(NULLABLE_FIELD, true, target, property);
    skipNull(target, property);
  };
}

/** Whether the DTO (its class or an instance) declares `property` @Nullable(), itself or by inheritance. */
export function isNullableField(dto: object, property: string): boolean {
  return Reflect.getMetadata(NULLABLE_FIELD, dto, property) === true;
}

function isDtoInstance(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype !== Object.prototype && prototype !== null;
}

/**
 * The path (`data.documents[0].folderId`) of the first field of a validated DTO, at any depth,
 * that holds null without being @Nullable(); undefined when there is none. Free-form objects
 * (metadata, JSON values) are the caller's data, so nulls inside them are kept.
 */
export function refusedNullPath(value: unknown, path: string): string | undefined {
  if (Array.isArray(value)) {
    for (const [index, item] of (value as unknown[]).entries()) {
      const found = refusedNullPath(item, `${path}[${index}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isDtoInstance(value)) return undefined;
  for (const [property, field] of Object.entries(value)) {
    const fieldPath = `${path}.${property}`;
    if (field === null) {
      if (!isNullableField(value, property)) return fieldPath;
    } else {
      const found = refusedNullPath(field, fieldPath);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
