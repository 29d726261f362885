import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request } from 'express';
import { from, Observable, switchMap } from 'rxjs';
import { AuditProducer } from '@app/workspace';

/** Operations that change nothing: the last segment of their path. Everything else a console session does is a change. */
const READ_OPERATIONS = new Set(['get', 'list', 'status', 'getEvents', 'diff', 'search']);

/** Whether a console session's request to `path` changes something (docs/console.md "Audit log"). */
export function isChangePath(path: string): boolean {
  return !READ_OPERATIONS.has(path.slice(path.lastIndexOf('/') + 1));
}

/** Request fields worth naming in the log: identifiers, never a value that could be a secret. */
const IDENTIFIER_FIELD = /^(?:[a-zA-Z]+Ids?|apiKey|failedSince)$/;

/** The identifiers a change names (at most 20 per list), for the audit log's `details`. */
export function identifiersOf(data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const named: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (!IDENTIFIER_FIELD.test(field)) continue;
    if (typeof value === 'string' || typeof value === 'number') named[field] = value;
    else if (Array.isArray(value)) named[field] = value.filter((item) => typeof item === 'string').slice(0, 20);
  }
  return named;
}

/**
 * Every change made from the console goes to the audit log with who made it: after the handler
 * succeeded, and before the answer leaves, so an answered change has its entry queued or written
 * (docs/console.md "Audit log"). Requests authenticated by headers are not the console's and are left alone.
 * It wraps the change routes only (`auditConsoleChanges`).
 */
@Injectable()
export class ConsoleAuditInterceptor implements NestInterceptor {
  constructor(private readonly audit: AuditProducer) {}

  intercept(context: ExecutionContext, next: CallHandler<unknown>): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const session = req.consoleSession;
    if (!session || !isChangePath(req.path)) return next.handle();
    return next.handle().pipe(
      switchMap((answer: unknown) =>
        from(
          this.audit
            .record({
              action: 'console.change',
              workspaceId: session.workspaceId,
              apiKeyId: req.apiKeyPrincipal?.apiKeyId ?? null,
              actor: session.actor,
              details: {
                route: req.path,
                session: session.sessionId.slice(0, 12),
                ...identifiersOf((req.body as { data?: unknown } | undefined)?.data),
              },
            })
            .then(() => answer),
        ),
      ),
    );
  }
}
