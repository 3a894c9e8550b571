import type { AccessLevel, ClientArea } from '@splashboard/contract';
import { clientSiteAccess, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { uniqueEmail, type TestServer } from './harness.ts';

/**
 * An invited client of an account with the given access per site and area, signed in. Invitations
 * come with the clients feature; until then the row is written the way an accepted invite writes it.
 */
export async function signedInClient(
  server: TestServer,
  accountId: number,
  access: { siteId: number; area: ClientArea; level: AccessLevel }[],
) {
  const email = uniqueEmail('client');
  const password = 'client-pass-7';
  const [user] = await server.handle.db
    .insert(users)
    .values({
      accountId,
      email,
      name: 'Invited Client',
      passwordHash: await hashPassword(password),
      role: 'client',
      billingAccess: false,
      emailVerified: true,
    })
    .returning();
  if (access.length) await server.handle.db.insert(clientSiteAccess).values(access.map((a) => ({ userId: user!.id, ...a })));
  const client = server.client();
  const res = await client.post('/login', { email, password });
  if (res.status !== 200) throw new Error(`client login failed: ${res.status}`);
  return { client, user: user!, email };
}
