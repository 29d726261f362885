import { createParamDecorator, ExecutionContext, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Request } from 'express';

type EnvelopeRequest = Request<Request['params'], unknown, { data: unknown }>;

function readData(_: unknown, context: ExecutionContext): unknown {
  return context.switchToHttp().getRequest<EnvelopeRequest>().body.data;
}

/**
 * The `data` member of the `{ data: object }` request body, validated by the global
 * ValidationPipe against the parameter's DTO class. The envelope middleware has already
 * checked that `data` is a plain object.
 */
export const Data = createParamDecorator(readData);

/**
 * The declared type of a handler's `@Data()` parameter (its DTO class, or Object for a plain
 * record), or undefined when the handler takes none. Read by the OpenAPI route decorator.
 */
export function dataParameterType(target: object, method: string | symbol): Type<unknown> | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, method) as Record<string, { index: number; factory?: unknown }> | undefined) ?? {};
  const entry = Object.values(args).find((arg) => arg.factory === readData);
  if (!entry) return undefined;
  const types = (Reflect.getMetadata('design:paramtypes', target, method) as Type<unknown>[] | undefined) ?? [];
  return types[entry.index];
}
