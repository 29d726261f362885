import { applyDecorators, HttpCode, Post } from '@nestjs/common';

/** Every operation of the spec is a POST answering 200 on success; the full path is written out as in the spec. */
export function RpcPost(path: string | string[]): MethodDecorator {
  return applyDecorators(Post(path), HttpCode(200));
}
