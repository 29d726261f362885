import { CanActivate, RequestMethod, Type } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { dataParameterType } from '../data.decorator';

export interface RegisteredRoute {
  method: string;
  path: string;
  controller: string;
  handler: string;
  /** The controller class and its handler function, which carry the route's decorator metadata. */
  controllerClass: Class;
  callback: (...args: never[]) => unknown;
  /** Names of the guards on the controller and the handler, e.g. ApiKeyAuthGuard. */
  guards: string[];
  /** The DTO class of the handler's `@Data()` parameter, when it has one. */
  dto?: Type<unknown>;
}

/** A module or controller class; `prototype` is declared because Function's is `any`, and handlers are read from it. */
export interface Class {
  new (...args: never[]): unknown;
  readonly prototype: object;
}

/** What a module's `imports` may hold: a module class, a dynamic module or a forward reference. */
type ModuleLike =
  Class | { module?: Class; imports?: ModuleLike[]; controllers?: Class[]; forwardRef?: () => ModuleLike };

/** A copy (callers add to it) of a list Nest's decorators keep on a class or method: imports, controllers, guards. */
function metadataList<T>(key: string, target: object): T[] {
  return [...((Reflect.getMetadata(key, target) as T[] | undefined) ?? [])];
}

function joinPath(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/**
 * Every HTTP route the controllers of `root` and its imports declare, read from Nest's
 * decorator metadata without booting the application (used to prove /docs covers them all, and to fuzz every route).
 */
export function listRoutes(root: Class): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const seenModules = new Set<ModuleLike>();
  const seenControllers = new Set<Class>();
  const visit = (item: ModuleLike | undefined): void => {
    if (!item || seenModules.has(item)) return;
    seenModules.add(item);
    if (typeof item !== 'function' && item.forwardRef) return visit(item.forwardRef());
    const moduleClass = typeof item === 'function' ? item : item.module;
    const imports = moduleClass ? metadataList<ModuleLike>(MODULE_METADATA.IMPORTS, moduleClass) : [];
    const controllers = moduleClass ? metadataList<Class>(MODULE_METADATA.CONTROLLERS, moduleClass) : [];
    if (typeof item !== 'function') {
      imports.push(...(item.imports ?? []));
      controllers.push(...(item.controllers ?? []));
    }
    for (const controller of controllers) {
      if (seenControllers.has(controller)) continue;
      seenControllers.add(controller);
      routes.push(...controllerRoutes(controller));
    }
    for (const imported of imports) visit(imported);
  };
  visit(root);
  return routes;
}

function controllerRoutes(controller: Class): RegisteredRoute[] {
  const prefixes = ([] as string[]).concat(
    (Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined) ?? '/',
  );
  const routes: RegisteredRoute[] = [];
  for (const handler of Object.getOwnPropertyNames(controller.prototype)) {
    const method: unknown = Reflect.get(controller.prototype, handler);
    if (handler === 'constructor' || typeof method !== 'function') continue;
    const callback = method as RegisteredRoute['callback'];
    const paths = Reflect.getMetadata(PATH_METADATA, method) as string | string[] | undefined;
    if (paths === undefined) continue;
    const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod];
    const guards = [
      ...metadataList<Class | CanActivate>(GUARDS_METADATA, controller),
      ...metadataList<Class | CanActivate>(GUARDS_METADATA, method),
    ].map((guard) => (typeof guard === 'function' ? guard.name : guard.constructor.name));
    const dto = dataParameterType(controller.prototype, handler);
    for (const prefix of prefixes) {
      for (const path of ([] as string[]).concat(paths)) {
        routes.push({
          method: verb,
          path: joinPath(prefix, path),
          controller: controller.name,
          handler,
          controllerClass: controller,
          callback,
          guards,
          dto,
        });
      }
    }
  }
  return routes;
}
