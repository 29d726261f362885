import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { dataParameterType } from '../data.decorator';

export interface RegisteredRoute {
  method: string;
  path: string;
  controller: string;
  handler: string;
  /** Names of the guards on the controller and the handler, e.g. ApiKeyAuthGuard. */
  guards: string[];
  /** The DTO class of the handler's `@Data()` parameter, when it has one. */
  dto?: Function;
}

type ModuleLike = Function | { module?: Function; imports?: unknown[]; controllers?: Function[]; forwardRef?: () => unknown };

function joinPath(prefix: string, path: string): string {
  const joined = `/${prefix}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/**
 * Every HTTP route the controllers of `root` and its imports declare, read from Nest's
 * decorator metadata without booting the application (used to prove /docs covers them all, and to fuzz every route).
 */
export function listRoutes(root: Function): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const seenModules = new Set<unknown>();
  const seenControllers = new Set<Function>();
  const visit = (entry: unknown): void => {
    if (!entry || seenModules.has(entry)) return;
    seenModules.add(entry);
    const item = entry as ModuleLike;
    if (typeof item !== 'function' && item.forwardRef) return visit(item.forwardRef());
    const moduleClass = typeof item === 'function' ? item : item.module;
    const imports = [...(moduleClass ? Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) ?? [] : [])];
    const controllers = [...(moduleClass ? Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) ?? [] : [])];
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

function controllerRoutes(controller: Function): RegisteredRoute[] {
  const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '/');
  const routes: RegisteredRoute[] = [];
  for (const handler of Object.getOwnPropertyNames(controller.prototype)) {
    const method = controller.prototype[handler];
    if (handler === 'constructor' || typeof method !== 'function') continue;
    const paths: string | string[] | undefined = Reflect.getMetadata(PATH_METADATA, method);
    if (paths === undefined) continue;
    const verb = RequestMethod[Reflect.getMetadata(METHOD_METADATA, method) as RequestMethod];
    const guards = [...(Reflect.getMetadata(GUARDS_METADATA, controller) ?? []), ...(Reflect.getMetadata(GUARDS_METADATA, method) ?? [])].map(
      (guard: Function | object) => (typeof guard === 'function' ? guard.name : guard.constructor.name),
    );
    const dto = dataParameterType(controller.prototype, handler);
    for (const prefix of prefixes) {
      for (const path of ([] as string[]).concat(paths)) {
        routes.push({ method: verb, path: joinPath(prefix, path), controller: controller.name, handler, guards, dto });
      }
    }
  }
  return routes;
}
