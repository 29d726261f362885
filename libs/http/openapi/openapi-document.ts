import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { DTO_SCHEMAS, ENVELOPE_SCHEMAS } from './rpc-docs';

export const DOCS_PATH = 'docs';
export const DOCS_JSON_PATH = 'docs/json';

const DESCRIPTION = [
  'Every operation is a POST of `{ "data": { ... } }` with `Content-Type: application/json`.',
  'Success: `{ "result": { "status": "success", "message", "data" } }`. Failure: `{ "error": { "status": <code>, "message" } }`.',
  'Workspace operations take `x-svc-workspace-id` and `x-svc-auth-token` (the workspace token from workspace create);',
  'API-key operations take `x-svc-api-key` (a key of `apiKeyList`) and `x-svc-auth-token` (from /v2/workspace/authtokens/get).',
].join('\n\n');

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Collaboration backend')
    .setDescription(DESCRIPTION)
    .setVersion('2')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  const schemas = { ...ENVELOPE_SCHEMAS, ...DTO_SCHEMAS.schemas() } as Record<string, object>;
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...schemas } };
  return document;
}

/** Swagger UI at /docs and the document at /docs/json; built at boot, so a documentation bug stops the boot, not a request. */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup(DOCS_PATH, app, buildOpenApiDocument(app), {
    jsonDocumentUrl: DOCS_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Collaboration backend API',
  });
}
