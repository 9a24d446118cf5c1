import type { UserRole } from "@souk/contracts";
import type { SeedContext } from "../../platform/index.ts";
import { hashPassword } from "../../platform/index.ts";
import { createUser, findUserIdByUsername } from "./users.service.ts";

/** Shown in the README and printed at start: these accounts exist only in demo data. */
export const DEMO_PASSWORD = "Souk-demo-2026!";

export const DEMO_ACCOUNTS: { username: string; roles: UserRole[]; countryIso: string }[] = [
  { username: "alice", roles: ["user", "vendor"], countryIso: "US" },
  { username: "bob", roles: ["user"], countryIso: "GB" },
  { username: "carol", roles: ["user", "vendor", "merchant"], countryIso: "NG" },
  { username: "dave", roles: ["user", "vendor"], countryIso: "IN" },
  { username: "erin", roles: ["user", "vendor"], countryIso: "DE" },
  { username: "frank", roles: ["user", "vendor"], countryIso: "BR" },
  { username: "grace", roles: ["user", "vendor"], countryIso: "KE" },
  { username: "heidi", roles: ["user", "vendor"], countryIso: "FR" },
  { username: "ivan", roles: ["user", "vendor"], countryIso: "MX" },
  { username: "judy", roles: ["user", "vendor"], countryIso: "PH" },
  { username: "mod", roles: ["user", "moderator"], countryIso: "US" },
  { username: "admin", roles: ["user", "admin"], countryIso: "US" },
];

export async function seedDemoUsers(context: SeedContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findUserIdByUsername(context.db, account.username);
    const id =
      existing ??
      (
        await createUser(context.db, {
          username: account.username,
          email: `${account.username}@demo.souk.local`,
          passwordHash,
          roles: account.roles,
          emailVerified: true,
          countryIso: account.countryIso,
        })
      ).id;
    context.users.set(account.username, id);
  }
  context.print(
    `demo logins (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.map((a) => `${a.username} (${a.roles.filter((r) => r !== "user").join(", ") || "trader"})`).join(", ")}`,
  );
}
