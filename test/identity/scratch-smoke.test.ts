import { expect, test } from 'vitest';
import { startFakeEntra } from '../fakes/entra-server.js';
import { createConfidentialClient } from '../../src/identity/msal-client.js';

test('smoke', async () => {
  const entra = await startFakeEntra();
  const client = createConfidentialClient({ clientId: entra.clientId, clientSecret: entra.clientSecret, authority: entra.authority, networkClient: entra.networkClient });
  const result = await client.acquireTokenOnBehalfOf({ oboAssertion: entra.issueUserToken('alice@contoso.com'), scopes: ['https://ossrdbms-aad.database.windows.net/.default'], skipCache: true });
  console.log(result?.account, result?.expiresOn, result?.accessToken.length);
  console.log(entra.requests.map((r) => `${r.method} ${r.path} ${r.status} ${r.error ?? ''}`));
  expect(result?.accessToken).toBeTruthy();
  await entra.close();
});
