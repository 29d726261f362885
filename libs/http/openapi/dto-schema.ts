import { getMetadataStorage } from 'class-validator';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { fieldDescription, fieldSchema, isNullableField, MAX_IDENTIFIER_LENGTH, MAX_NAME_LENGTH } from '@app/common';

/** The subset of an OpenAPI 3.0 schema object this module writes. */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  $ref?: string;
  allOf?: JsonSchema[];
  format?: string;
  enum?: unknown[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  description?: string;
  example?: unknown;
}

/** A DTO class; `prototype` is declared because Function's is `any`, and the design types are read from it. */
interface Class {
  new (...args: never[]): unknown;
  readonly prototype: object;
}

interface Rule {
  name: string;
  constraints: unknown[];
}

const REF_PREFIX = '#/components/schemas/';

/** What each class-validator rule says about a value, as JSON schema keywords. Unknown rules add nothing. */
const RULES: Record<string, (schema: JsonSchema, constraints: unknown[]) => void> = {
  isString: (s) => (s.type = 'string'),
  isBoolean: (s) => (s.type = 'boolean'),
  isInt: (s) => (s.type = 'integer'),
  isNumber: (s) => (s.type = 'number'),
  // A $ref already says object; a sibling keyword next to $ref is ignored by OpenAPI 3.0 readers.
  isObject: (s) => {
    if (!s.$ref) s.type ??= 'object';
  },
  isArray: (s) => (s.type = 'array'),
  isDate: (s) => Object.assign(s, { type: 'string', format: 'date-time' }),
  isEmail: (s) => Object.assign(s, { type: 'string', format: 'email' }),
  isEmailAddress: (s) => Object.assign(s, { type: 'string', format: 'email' }),
  isUrl: (s) => Object.assign(s, { type: 'string', format: 'uri' }),
  isIn: (s, [values]) => (s.enum = [...(values as unknown[])]),
  isLength: (s, [min, max]) => Object.assign(s, { minLength: min, ...(max !== undefined ? { maxLength: max } : {}) }),
  maxLength: (s, [max]) => (s.maxLength = max as number),
  minLength: (s, [min]) => (s.minLength = min as number),
  min: (s, [min]) => (s.minimum = min as number),
  max: (s, [max]) => (s.maximum = max as number),
  arrayNotEmpty: (s) => (s.minItems = Math.max(s.minItems ?? 0, 1)),
  arrayMaxSize: (s, [max]) => (s.maxItems = max as number),
  arrayMinSize: (s, [min]) => (s.minItems = min as number),
  isIdentifier: (s) => Object.assign(s, { type: 'string', minLength: 1, maxLength: MAX_IDENTIFIER_LENGTH }),
  isName: (s) => Object.assign(s, { type: 'string', maxLength: MAX_NAME_LENGTH }),
  isMetadata: (s) =>
    Object.assign(s, { type: 'object', additionalProperties: true, description: 'Free-form metadata.' }),
};

const DESIGN_TYPES = new Map<unknown, JsonSchema>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Array, { type: 'array' }],
  [Date, { type: 'string', format: 'date-time' }],
]);

/**
 * OpenAPI schemas read from the class-validator rules the DTOs already carry, so the document
 * cannot drift from what the ValidationPipe enforces (the swagger CLI plugin does not run in our tsc build).
 * Nested DTOs become components; a class name used twice gets a numbered suffix.
 */
export class DtoSchemaRegistry {
  private readonly names = new Map<Class, string>();
  private readonly taken = new Set<string>();

  /** A `$ref` to the class's component schema; the schema itself is built when the document is. */
  ref(dto: Class): JsonSchema {
    return { $ref: REF_PREFIX + this.nameOf(dto) };
  }

  /** Every component schema referenced so far, nested ones included. */
  schemas(): Record<string, JsonSchema> {
    const built: Record<string, JsonSchema> = {};
    const pending = [...this.names.keys()];
    for (let dto = pending.pop(); dto; dto = pending.pop()) {
      const name = this.nameOf(dto);
      if (built[name]) continue;
      built[name] = this.objectSchema(dto, (nested) => pending.push(nested));
    }
    return built;
  }

  private nameOf(dto: Class): string {
    let name = this.names.get(dto);
    if (name) return name;
    name = dto.name;
    for (let n = 2; this.taken.has(name); n++) name = `${dto.name}${n}`;
    this.names.set(dto, name);
    this.taken.add(name);
    return name;
  }

  private objectSchema(dto: Class, onNested: (nested: Class) => void): JsonSchema {
    const byProperty = new Map<string, { rules: Rule[]; eachRules: Rule[]; optional: boolean; nested: boolean }>();
    const storage = getMetadataStorage();
    for (const meta of storage.getTargetValidationMetadatas(dto, '', true, false)) {
      const entry = byProperty.get(meta.propertyName) ?? { rules: [], eachRules: [], optional: false, nested: false };
      byProperty.set(meta.propertyName, entry);
      // IsOptional and ValidateIf are both conditional: either way the property may be absent.
      if (meta.type === 'conditionalValidation') entry.optional = true;
      else if (meta.type === 'nestedValidation') entry.nested = true;
      else if (meta.type === 'customValidation') {
        const name = meta.name ?? storage.getTargetValidatorConstraints(meta.constraintCls)[0]?.name;
        if (name) (meta.each ? entry.eachRules : entry.rules).push({ name, constraints: meta.constraints ?? [] });
      }
    }
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [property, entry] of byProperty) {
      const schema: JsonSchema = { ...DESIGN_TYPES.get(Reflect.getMetadata('design:type', dto.prototype, property)) };
      for (const rule of entry.rules) RULES[rule.name]?.(schema, rule.constraints);
      const nestedClass = entry.nested ? nestedType(dto, property) : undefined;
      if (nestedClass) onNested(nestedClass);
      if (schema.type === 'array') {
        const items: JsonSchema = nestedClass ? this.ref(nestedClass) : {};
        for (const rule of entry.eachRules) RULES[rule.name]?.(items, rule.constraints);
        schema.items = items;
      } else if (nestedClass) {
        Object.assign(schema, this.ref(nestedClass));
        delete schema.type;
      } else {
        for (const rule of entry.eachRules) RULES[rule.name]?.(schema, rule.constraints);
      }
      const description = fieldDescription(dto.prototype, property);
      const keywords: JsonSchema = {
        ...(fieldSchema(dto.prototype, property) as JsonSchema),
        ...(isNullableField(dto.prototype, property) ? { nullable: true } : {}),
        ...(description ? { description } : {}),
      };
      // OpenAPI 3.0 ignores keywords beside a $ref, so a described reference goes through allOf.
      if (schema.$ref && Object.keys(keywords).length > 0) properties[property] = { allOf: [schema], ...keywords };
      else properties[property] = { ...schema, ...keywords };
      if (!entry.optional) required.push(property);
    }
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  }
}

function nestedType(dto: Class, property: string): Class | undefined {
  const transformed = defaultMetadataStorage.findTypeMetadata(dto, property)?.typeFunction?.();
  if (typeof transformed === 'function' && !DESIGN_TYPES.has(transformed)) return transformed as Class;
  const declared: unknown = Reflect.getMetadata('design:type', dto.prototype, property);
  return typeof declared === 'function' && !DESIGN_TYPES.has(declared) && declared !== Object
    ? (declared as Class)
    : undefined;
}
