import type { UserRole } from "@souk/contracts";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestClient, uniqueName } from "../../../test/harness.ts";
import { hashPassword } from "../../platform/index.ts";
import { createUser } from "../users/index.ts";

/**
 * Test helpers of the wallet (imported by its tests only): a logged-in user through the real
 * log-in route. Each log-in comes from its own forwarded address, so a test file that needs more
 * users than the log-in rate limit allows per address per minute still logs every one in; the
 * app must trust one proxy hop for that (createWalletTestApp).
 */
let passwordHash: Promise<string> | null = null;
let address = 0;

export async function signUpUser(
  t: TestApp,
  options: { username?: string; roles?: UserRole[] } = {},
): Promise<TestClient> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const username = options.username ?? uniqueName("w");
  const email = `${username}@example.com`;
  const user = await createUser(t.db, {
    username,
    email,
    passwordHash: await passwordHash,
    roles: options.roles ?? ["user"],
    emailVerified: true,
  });
  address += 1;
  const client = t.client();
  const response = await client.post(
    "/rest/v1/auth/login",
    { login: username, password: TEST_PASSWORD },
    { headers: { "x-forwarded-for": `10.77.${Math.floor(address / 250) % 250}.${(address % 250) + 1}` } },
  );
  if (response.status !== 200) throw new Error(`test log-in failed: ${response.status} ${response.text}`);
  client.user = { id: user.id, username, email, password: TEST_PASSWORD };
  return client;
}

/** A test app that reads the client address from X-Forwarded-For (one trusted proxy hop). */
export function createWalletTestApp(): Promise<TestApp> {
  return createTestApp({ TRUST_PROXY_HOPS: 1 });
}
