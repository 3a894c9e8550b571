import { expect } from 'vitest';
import { TestClient, uniqueEmail } from '../../server/test/harness.ts';

/**
 * An operator signed up through `base` (a node, or HAProxy in front of nodes) with a click-through location
 * whose UniFi controller (the tests' fake, at `unifiUrl`) holds `unifiSite`.
 */
export async function unifiOperator(base: string, o: { accountName: string; unifiUrl: string; unifiSite: string }) {
  const operator = new TestClient(base);
  const email = uniqueEmail(o.accountName.split(' ')[0]!.toLowerCase());
  const registered = await operator.post('/a/api/v1/registration/', {
    account_name: o.accountName,
    displayname: 'Owner',
    email,
    password: 'cluster-pass-7',
    plan_type: 'engage',
  });
  expect(registered.status).toBe(200);
  const site = await operator.post('/s/api/v1/site/', {
    name: 'Lobby',
    router_type: 'unifi',
    auth_methods: ['clickthrough'],
    skip_image: true,
  });
  expect(site.status).toBe(200);
  const siteId = site.body.id as number;
  const controller = await operator.put(`/s/${siteId}/api/v1/routersettings/unifi`, {
    url: o.unifiUrl,
    username: 'admin',
    password: 'secret-pass',
    site: o.unifiSite,
    skip_tls_verify: true,
  });
  expect(controller.body.status).toBe('Online');
  return { operator, email, siteId };
}
