import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { Request } from 'express';

/**
 * The `data` member of the `{ data: object }` request body, validated by the global
 * ValidationPipe against the parameter's DTO class. The envelope middleware has already
 * checked that `data` is a plain object.
 */
export const Data = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<Request>().body.data;
});
