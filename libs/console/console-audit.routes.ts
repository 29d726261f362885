import { INestApplication, UseInterceptors } from '@nestjs/common';
import { RegisteredRoute } from '@app/http';
import { ConsoleAuditInterceptor, isChangePath } from './console-audit.interceptor';

/**
 * Puts the console's audit interceptor on every route whose path is a change, before `app.init()`
 * builds the router (Nest reads a route's interceptors once, as it registers the route). Read routes
 * get none: as a global interceptor it ran Nest's interceptor chain (RxJS observables around the
 * handler, about 40 µs) on every request of the API, to let all but the console's changes through.
 */
export function auditConsoleChanges(app: INestApplication, routes: readonly RegisteredRoute[]): void {
  const audit = UseInterceptors(app.get(ConsoleAuditInterceptor));
  const audited = new Set<RegisteredRoute['callback']>();
  for (const route of routes) {
    if (!isChangePath(route.path) || audited.has(route.callback)) continue;
    audited.add(route.callback);
    audit(route.controllerClass.prototype, route.handler, { value: route.callback });
  }
}
