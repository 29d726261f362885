const FIELD_DESCRIPTION = Symbol('fieldDescription');

/** The OpenAPI description of a DTO field; the schema reader in libs/http puts it in /docs. */
export function Describe(text: string): PropertyDecorator {
  return (target, property) => Reflect.defineMetadata(FIELD_DESCRIPTION, text, target, property);
}

/** A field Velt documents that is accepted so Velt clients work, but changes nothing here; `reason` says why. */
export function NoEffect(reason: string): PropertyDecorator {
  return Describe(`Accepted for Velt compatibility; has no effect here: ${reason}`);
}

export function fieldDescription(prototype: object, property: string): string | undefined {
  const text: unknown = Reflect.getMetadata(FIELD_DESCRIPTION, prototype, property);
  return typeof text === 'string' ? text : undefined;
}

const FIELD_SCHEMA = Symbol('fieldSchema');

/**
 * OpenAPI keywords a field's class-validator rules cannot say (the keys of a map a custom rule
 * checks), merged by the schema reader in libs/http over what the rules give; @Nullable() says
 * `nullable` itself.
 */
export function DescribeSchema(keywords: Record<string, unknown>): PropertyDecorator {
  return (target, property) => Reflect.defineMetadata(FIELD_SCHEMA, keywords, target, property);
}

export function fieldSchema(prototype: object, property: string): Record<string, unknown> | undefined {
  return Reflect.getMetadata(FIELD_SCHEMA, prototype, property) as Record<string, unknown> | undefined;
}
