import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component whose chunk can be asked for ahead of its first render. Once the chunk is in,
 * it renders at once: a plain React.lazy suspends on a fresh promise even then, and a Suspense boundary
 * that showed its fallback reveals its content only 300 ms after that fallback (React's throttle).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function preloadable<T extends ComponentType<any>>(load: () => Promise<T>) {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        pending = undefined; // a later render asks again
        throw err;
      },
    ));
  // React.lazy reads a thenable that calls back at once as already resolved.
  const now = (component: T) => ({ then: (resolve: (m: { default: T }) => void) => resolve({ default: component }) });
  const Component = lazy(() =>
    loaded ? (now(loaded) as unknown as Promise<{ default: T }>) : preload().then((c) => ({ default: c })),
  );
  return Object.assign(Component, { preload });
}

/** The same for a module of several parts (a lazy chunk of helpers or components), read by `use…` hooks. */
export function preloadableModule<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    preload: () =>
      (pending ??= load().then(
        (m) => (loaded = m),
        (err: unknown) => {
          pending = undefined;
          throw err;
        },
      )),
    current: () => loaded,
  };
}
