import Ajv, { ValidateFunction } from 'ajv';
import { ModelError } from './model-error';

const ajv = new Ajv({ strict: false, allErrors: false });
const validators = new WeakMap<object, ValidateFunction>();

/** A model's text as JSON: the whole text, or the one fenced block some local models wrap it in. */
export function parseAnswerJson(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  try {
    return JSON.parse(fenced ? fenced[1] : text);
  } catch {
    throw new ModelError('bad_json', `The model's answer is not JSON: ${JSON.stringify(text.slice(0, 120))}.`);
  }
}

/** Checks a parsed answer against a JSON Schema; the first violation names the path. */
export function checkAgainstSchema(value: unknown, schema: Record<string, unknown>): void {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  if (validate(value)) return;
  const [first] = validate.errors ?? [];
  const where = first?.instancePath ? first.instancePath : 'the answer';
  throw new ModelError('wrong_schema', `The model's answer does not fit the schema: ${where} ${first?.message ?? ''}.`);
}
