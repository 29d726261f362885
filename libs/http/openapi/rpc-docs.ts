import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import { dataParameterType } from '../data.decorator';
import { ErrorCode, HTTP_STATUS_OF } from '@app/common';
import { DtoSchemaRegistry, JsonSchema } from './dto-schema';

/** Component schemas of every DTO a route names; merged into the document when it is built. */
export const DTO_SCHEMAS = new DtoSchemaRegistry();

/** Envelope component schemas, shared by every operation instead of repeated inline. */
export const ENVELOPE_SCHEMAS: Record<string, JsonSchema> = {};

function envelopeRef(name: string, schema: JsonSchema): object {
  ENVELOPE_SCHEMAS[name] ??= schema;
  return { $ref: `#/components/schemas/${name}` };
}

/** Errors any operation may answer: bad input, a missing resource, a dependency down, a bug. */
const COMMON_ERRORS = [ErrorCode.INVALID_ARGUMENT, ErrorCode.NOT_FOUND, ErrorCode.UNAVAILABLE, ErrorCode.INTERNAL];

const SUCCESS_ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['result'],
  properties: {
    result: {
      type: 'object',
      required: ['status', 'message'],
      additionalProperties: true,
      description: 'Paged reads add a continuation token beside data (nextPageToken or pageToken).',
      properties: {
        status: { type: 'string', enum: ['success'] },
        message: { type: 'string' },
        data: {
          description:
            'Shape per endpoint; batch operations return a map of {success, id, message} keyed by the submitted id.',
        },
      },
    },
  },
};

function errorEnvelope(codes: ErrorCode[]): JsonSchema {
  return {
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['status', 'message'],
        properties: {
          status: { type: 'string', enum: codes },
          message: { type: 'string' },
          ...(codes.includes(ErrorCode.INTERNAL)
            ? { errorId: { type: 'string', description: 'Quote it when reporting the error.' } }
            : {}),
        },
      },
    },
  };
}

/** One documented response per HTTP status, listing the error codes that map to it. */
export function ApiErrors(...codes: ErrorCode[]): MethodDecorator & ClassDecorator {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(HTTP_STATUS_OF[code], [...(byStatus.get(HTTP_STATUS_OF[code]) ?? []), code]);
  return applyDecorators(
    ...[...byStatus].map(([status, grouped]) =>
      ApiResponse({
        status,
        description: grouped.join(', '),
        schema: envelopeRef(`Error_${grouped.join('_')}`, errorEnvelope(grouped)),
      }),
    ),
  );
}

/**
 * OpenAPI of one RPC operation: the `{ data: <DTO> }` body with the DTO read from the handler's
 * `@Data()` parameter, the success envelope
 * and the common errors. Auth decorators add their own headers and errors.
 */
export function rpcDocs(target: object, method: string | symbol): MethodDecorator {
  const dto = dataParameterType(target, method);
  const data: JsonSchema =
    dto && dto !== Object ? DTO_SCHEMAS.ref(dto) : { type: 'object', description: 'An empty object.' };
  return applyDecorators(
    ApiBody({ required: true, schema: { type: 'object', required: ['data'], properties: { data: data as object } } }),
    ApiOkResponse({ description: 'Success envelope.', schema: envelopeRef('SuccessEnvelope', SUCCESS_ENVELOPE) }),
    ApiErrors(...COMMON_ERRORS),
  );
}
