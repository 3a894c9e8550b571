/** One API endpoint of the fake: method, path pattern (`:id` segments) and the function answering it. */
import type { Obj, Store } from './store.ts';

export interface ApiRequest {
  params: Obj;
  path: Obj;
  /** Which key called: the secret key (servers) or the publishable key (Stripe.js). */
  key: 'secret' | 'publishable';
  store: Store;
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: string;
  /** Stripe.js may call it with the publishable key (and the object's client secret). */
  publishable?: boolean;
  handle: (req: ApiRequest) => Obj;
}

export function matchRoute(routes: Route[], method: string, path: string) {
  for (const route of routes) {
    if (route.method !== method) continue;
    const want = route.pattern.split('/');
    const got = path.replace(/\/$/, '').split('/');
    if (want.length !== got.length) continue;
    const params: Record<string, string> = {};
    const fits = want.every((part, i) => {
      const value = decodeURIComponent(got[i] ?? '');
      if (part.startsWith(':')) {
        params[part.slice(1)] = value;
        return value !== '';
      }
      return part === value;
    });
    if (fits) return { route, params };
  }
  return null;
}
