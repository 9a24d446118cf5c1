import type { UserRole } from "@souk/contracts";
import type { SeedContext } from "../../platform/index.ts";
import { hashPassword } from "../../platform/index.ts";
import { refreshDemoPresence } from "./jobs/demo-presence.job.ts";
import { createUser, findUserIdByUsername } from "./users.service.ts";

/** Shown in the README and printed at start: these accounts exist only in demo data. */
export const DEMO_PASSWORD = "Souk-demo-2026!";

const DEMO_ACCOUNTS: { username: string; roles: UserRole[]; countryIso: string }[] = [
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

/** Demo vendors shown online (see jobs/demo-presence.job.ts), so a newcomer has someone to trade with. */
const DEMO_PRESENT_VENDORS = ["alice", "carol", "erin", "heidi"];

/**
 * The demo accounts, each created once and marked as the seed's. A username already taken by
 * someone else is that person's account: the seed leaves it out, and no later seed step touches it.
 */
export async function seedDemoUsers(context: SeedContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const skipped: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const markedId = await context.marks.get("user", account.username);
    const existingId = await findUserIdByUsername(context.db, account.username);
    if (existingId !== null) {
      if (markedId === String(existingId)) context.users.set(account.username, existingId);
      else skipped.push(account.username);
      continue;
    }
    const { id } = await createUser(context.db, {
      username: account.username,
      email: `${account.username}@demo.souk.local`,
      passwordHash,
      roles: account.roles,
      emailVerified: true,
      countryIso: account.countryIso,
    });
    await context.marks.add("user", account.username, String(id));
    context.users.set(account.username, id);
  }
  for (const username of DEMO_PRESENT_VENDORS) {
    const id = context.users.get(username);
    if (id !== undefined) await context.marks.add("presence", username, String(id));
  }
  await refreshDemoPresence(context.db);
  if (skipped.length > 0)
    context.print(`demo logins left out (the names belong to other users): ${skipped.join(", ")}`);
  const accounts = DEMO_ACCOUNTS.filter((account) => context.users.has(account.username));
  context.print(
    `demo logins (password ${DEMO_PASSWORD}): ${accounts.map((a) => `${a.username} (${a.roles.filter((r) => r !== "user").join(", ") || "trader"})`).join(", ")}`,
  );
}
