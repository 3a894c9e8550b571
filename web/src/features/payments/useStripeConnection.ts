import { useCallback, useEffect, useState } from 'react';
import type { StripeConnection } from '@splashboard/contract';
import { get } from '../../app/api.ts';
import { packagesApi } from './paths.ts';

/** The site's Stripe connection (GET paymentloginconfig/stripe); `failed` when it could not be read. */
export function useStripeConnection(siteId: number | null | undefined) {
  const [connection, setConnection] = useState<StripeConnection | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    if (!siteId) return;
    get<StripeConnection>(`${packagesApi(siteId)}/stripe`).then(
      (c) => {
        setConnection(c);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [siteId]);
  useEffect(reload, [reload]);
  return { connection, failed, reload, setConnection };
}
