import { checkAgainstSchema, parseAnswerJson } from './answer-json';
import { ModelError } from './model-error';

const schema = {
  type: 'object',
  required: ['findings'],
  properties: {
    findings: {
      type: 'array',
      items: { type: 'object', required: ['title'], properties: { title: { type: 'string' } } },
    },
  },
};

describe('parseAnswerJson', () => {
  it('reads plain and fenced JSON', () => {
    expect(parseAnswerJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseAnswerJson('```json\n{"a":2}\n```')).toEqual({ a: 2 });
  });

  it('refuses prose as bad_json', () => {
    expect(() => parseAnswerJson('Sure! {not json')).toThrow(ModelError);
    try {
      parseAnswerJson('nope');
    } catch (error) {
      expect((error as ModelError).failure).toBe('bad_json');
    }
  });
});

describe('checkAgainstSchema', () => {
  it('accepts a fitting answer and names the path of a wrong one', () => {
    expect(() => checkAgainstSchema({ findings: [{ title: 'x' }] }, schema)).not.toThrow();
    expect(() => checkAgainstSchema({ findings: [{ title: 3 }] }, schema)).toThrow(
      /\/findings\/0\/title must be string/,
    );
  });
});
