import { createParamDecorator, ExecutionContext, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Request } from 'express';
import { validatedDto } from '@app/common';
import { checkRequestEnvelope } from './request-envelope';

type EnvelopeRequest = Request<Request['params'], unknown, { data: object }>;

/** Declared parameter types that are no DTO class: their `data` is passed on as it came. */
const NOT_DTOS = new Set<unknown>([undefined, Object, String, Number, Boolean, Array, Buffer, Date]);

export interface DataOptions {
  /** The one message the spec gives for any malformed value of this route; an unknown field is still named. */
  invalidMessage?: string;
}

function readData(
  { dtoClass, invalidMessage }: DataOptions & { dtoClass?: Type<object> },
  context: ExecutionContext,
): unknown {
  const req = context.switchToHttp().getRequest<EnvelopeRequest>();
  checkRequestEnvelope(req);
  return dtoClass ? validatedDto(dtoClass, req.body.data, { invalidMessage }) : req.body.data;
}

const dataParameter = createParamDecorator(readData);

/**
 * The `data` member of the `{ data: object }` request body, after the envelope check (docs/architecture.md "Wire conventions"),
 * as an instance of the parameter's declared DTO class, validated. Nest reads arguments after the
 * guards, so an unauthenticated request gets 401 before any 400. Validating here rather than in a
 * global ValidationPipe spares every request Nest's asynchronous pipe chain and the pipe's walks over
 * the value for binary values and sparse arrays, which JSON cannot hold.
 */
export function Data(options: DataOptions = {}): ParameterDecorator {
  return (target, method, index) => {
    const declared = (Reflect.getMetadata('design:paramtypes', target, method!) as Type<object>[] | undefined) ?? [];
    const dtoClass = NOT_DTOS.has(declared[index]) ? undefined : declared[index];
    dataParameter({ ...options, dtoClass })(target, method, index);
  };
}

/**
 * The declared type of a handler's `@Data()` parameter (its DTO class, or Object for a plain
 * record), or undefined when the handler takes none. Read by the OpenAPI route decorator.
 */
function dataParameterIndex(target: object, method: string | symbol): number | undefined {
  const args =
    (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, method) as
      Record<string, { index: number; factory?: unknown }> | undefined) ?? {};
  return Object.values(args).find((arg) => arg.factory === readData)?.index;
}

/**
 * Gives a handler that takes no `@Data()` an extra argument read by `@Data()` past its declared
 * parameters, so its envelope is checked the same way (a global interceptor would cost every route
 * Nest's rxjs interceptor chain).
 */
export function checkEnvelopeWithoutData(target: object, method: string | symbol): void {
  if (dataParameterIndex(target, method) !== undefined) return;
  const declared = (Reflect.getMetadata('design:paramtypes', target, method) as unknown[] | undefined) ?? [];
  Data()(target, method, declared.length);
}

export function dataParameterType(target: object, method: string | symbol): Type<unknown> | undefined {
  const index = dataParameterIndex(target, method);
  if (index === undefined) return undefined;
  const types = (Reflect.getMetadata('design:paramtypes', target, method) as Type<unknown>[] | undefined) ?? [];
  return types[index];
}
