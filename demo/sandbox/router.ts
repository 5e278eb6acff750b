import type { Context, Reply } from './http';

/** A route handler: answers synchronously, or later (the hang card holds its answer back). */
export type Handler = (ctx: Context) => Reply | Promise<Reply>;

/** One route: a method and a path pattern whose `:name` segments become `ctx.params`. */
export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  handler: Handler;
}

/** Declares a route. */
export function route(method: Route['method'], path: string, handler: Handler): Route {
  return { method, path, handler };
}

/** The result of matching a request against the routes. */
export type Match = { route: Route; params: Record<string, string> } | { allowed: string[] } | undefined;

/** Finds the route for a method and path; `{ allowed }` when only the method is wrong. */
export function matchRoute(routes: readonly Route[], method: string, pathname: string): Match {
  const allowed: string[] = [];
  for (const candidate of routes) {
    const params = matchPath(candidate.path, pathname);
    if (!params) continue;
    if (candidate.method === method) return { route: candidate, params };
    allowed.push(candidate.method);
  }
  return allowed.length > 0 ? { allowed } : undefined;
}

function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = pattern.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith(':')) {
      if (g === '') return undefined;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return undefined;
      }
    } else if (w !== g) {
      return undefined;
    }
  }
  return params;
}
