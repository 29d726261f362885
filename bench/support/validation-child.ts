import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { addRequest } from './comment-add-request';

/**
 * Validates the `bench:comment-writes` add body as the API does (`validatedDto` with
 * `AddAnnotationsDto`), with the modules of the build in argv[2], argv[3] times after as many for
 * warm-up, and prints the CPU per validation in µs.
 */
interface Validation {
  validatedDto: (dtoClass: new () => object, plain: object) => object;
}

const dist = resolve(process.argv[2]);
const count = Number(process.argv[3]);
const load = createRequire(`${dist}/`);
load('reflect-metadata');
const { validatedDto } = load(`${dist}/libs/common/dto-validation.js`) as Validation;
const { AddAnnotationsDto } = load(`${dist}/libs/comment/dto/annotations.dto.js`) as {
  AddAnnotationsDto: new () => object;
};

for (let i = 0; i < count; i++) validatedDto(AddAnnotationsDto, addRequest(`w${i}`));
const before = process.cpuUsage();
for (let i = 0; i < count; i++) validatedDto(AddAnnotationsDto, addRequest(`t${i}`));
const used = process.cpuUsage(before);
console.log(String((used.user + used.system) / count));
