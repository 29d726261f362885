import { applyDecorators, HttpCode, Post } from '@nestjs/common';
import { checkEnvelopeWithoutData } from './data.decorator';
import { rpcDocs } from './openapi/rpc-docs';

/**
 * Every operation of the spec is a POST answering 200 on success; the full path is written out as
 * in the spec. Also documents the operation in OpenAPI from the handler's `@Data()` DTO, and
 * checks the request envelope even when the handler takes no `@Data()`.
 */
export function RpcPost(path: string | string[]): MethodDecorator {
  return (target, method, descriptor) => {
    checkEnvelopeWithoutData(target, method);
    applyDecorators(Post(path), HttpCode(200), rpcDocs(target, method))(target, method, descriptor);
  };
}
