/**
 * Route middleware by name (spec section 2: "Route guards check page
 * validity, record history, and follow redirects listed in a build metadata
 * file"; section 8: "Unknown route middleware: error raised").
 *
 * The root route runs `redirects` before every navigation; pages add their
 * own validity checks in `beforeLoad`; history is recorded once a navigation
 * resolved (navigation.ts). Asking for a name that is not registered throws.
 */
import { redirect } from '@tanstack/react-router';

export interface MiddlewareContext {
  pathname: string;
  href: string;
}

type RouteMiddleware = (context: MiddlewareContext) => void | Promise<void>;

let redirects: Record<string, string> = {};
let assign: (url: string) => void = (url) => window.location.assign(url);

export function setBuildRedirects(map: Record<string, string>, externalNavigate?: (url: string) => void): void {
  redirects = { ...map };
  if (externalNavigate) assign = externalNavigate;
}

const isExternal = (target: string) => /^[a-z][a-z\d+.-]*:\/\//i.test(target);

const registry: Record<string, RouteMiddleware> = {
  /** Follow the build metadata's redirects: in-app targets through the router, external ones with a full page load. */
  redirects: ({ pathname }) => {
    const target = redirects[pathname];
    if (!target) return;
    if (isExternal(target)) {
      assign(target);
      // The browser is leaving: hold this navigation instead of rendering the old page.
      return new Promise<void>(() => {});
    }
    throw redirect({ href: target, replace: true });
  },
};

export async function runMiddleware(names: readonly string[], context: MiddlewareContext): Promise<void> {
  for (const name of names) {
    const middleware = registry[name];
    if (!middleware) throw new Error(`Unknown route middleware: ${name}`);
    await middleware(context);
  }
}
