import type { ValidationError } from 'class-validator';

/**
 * Constraints that say what kind of value a field takes: when a value breaks several rules, its
 * type is the useful thing to tell ("must be an integer", not "must not be greater than 1000").
 */
const TYPE_CONSTRAINTS = [
  'isDefined',
  'isObject',
  'isArray',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isIn',
  'isEnum',
  'isIdentifier',
];

function mostTelling(constraints: Record<string, string>): string {
  const typeRule = TYPE_CONSTRAINTS.find((name) => name in constraints);
  return typeRule ? constraints[typeRule] : Object.values(constraints)[0];
}

/**
 * The most telling failing constraint, as "data.<path> <constraint>." so the client sees which field is
 * wrong; `invalidMessage`, where the spec fixes one message for a route's malformed values, replaces the
 * constraint (an unknown field is still named).
 */
export function describeValidationErrors(errors: ValidationError[], prefix = 'data', invalidMessage?: string): string {
  for (const error of errors) {
    const path = /^\d+$/.test(error.property) ? `${prefix}[${error.property}]` : `${prefix}.${error.property}`;
    if (error.constraints && Object.keys(error.constraints).length > 0) {
      if ('whitelistValidation' in error.constraints) return `${path} is not a known field.`;
      if (invalidMessage !== undefined) return invalidMessage;
      const constraint = mostTelling(error.constraints);
      // class-validator messages start with the bare property name; replace it with the full path.
      const message = constraint.startsWith(error.property)
        ? constraint.slice(error.property.length).trim()
        : constraint;
      return `${path} ${message}.`;
    }
    if (error.children?.length) return describeValidationErrors(error.children, path, invalidMessage);
  }
  return invalidMessage ?? 'Invalid request data.';
}
