import { createParamDecorator, ExecutionContext, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Request } from 'express';
import { checkRequestEnvelope } from './request-envelope';

type EnvelopeRequest = Request<Request['params'], unknown, { data: unknown }>;

function readData(_: unknown, context: ExecutionContext): unknown {
  const req = context.switchToHttp().getRequest<EnvelopeRequest>();
  checkRequestEnvelope(req);
  return req.body.data;
}

/**
 * The `data` member of the `{ data: object }` request body, validated by the global
 * ValidationPipe against the parameter's DTO class, after the envelope check (DESIGN §2).
 * Nest reads arguments after the guards, so an unauthenticated request gets 401 before any 400.
 */
export const Data = createParamDecorator(readData);

/**
 * The declared type of a handler's `@Data()` parameter (its DTO class, or Object for a plain
 * record), or undefined when the handler takes none. Read by the OpenAPI route decorator.
 */
function dataParameterIndex(target: object, method: string | symbol): number | undefined {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, method) as Record<string, { index: number; factory?: unknown }> | undefined) ?? {};
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
