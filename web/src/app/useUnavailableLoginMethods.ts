import { useEffect, useState } from 'react';
import { loadMeta } from './meta.ts';

/** The login methods this server cannot serve (Facebook without a Facebook app), as its meta call names them. */
export function useUnavailableLoginMethods(): readonly string[] {
  const [unavailable, setUnavailable] = useState<readonly string[]>([]);
  useEffect(() => {
    let live = true;
    loadMeta()
      .then((meta) => live && setUnavailable(meta.unavailable_login_methods ?? []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return unavailable;
}
