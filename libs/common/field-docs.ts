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
