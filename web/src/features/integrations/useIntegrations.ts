import { useEffect, useState } from 'react';
import type { IntegrationSummary } from '@splashboard/contract/integrations';
import { get } from '../../app/api.ts';
import { integrationsApi } from './paths.ts';

type ListAnswer = IntegrationSummary[] | { integrations?: IntegrationSummary[]; items?: IntegrationSummary[] };

/** The site's integrations with their state; null while loading, 'failed' when the call failed. */
export function useIntegrations(siteId: number | null) {
  const [list, setList] = useState<IntegrationSummary[] | null | 'failed'>(null);
  useEffect(() => {
    if (!siteId) return;
    let live = true;
    setList(null);
    get<ListAnswer>(integrationsApi(siteId)).then(
      // The list's answer is the array itself; a wrapped one is taken too.
      (answer) => live && setList(Array.isArray(answer) ? answer : (answer.integrations ?? answer.items ?? [])),
      () => live && setList('failed'),
    );
    return () => {
      live = false;
    };
  }, [siteId]);
  return list;
}
