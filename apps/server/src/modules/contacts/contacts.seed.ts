import type { SeedContext } from "../../platform/index.ts";
import { changeRelation } from "./contacts.service.ts";

/** Demo relations: buyers who trust the vendors they trade with, and one block. Actions are idempotent. */
const RELATIONS: [owner: string, other: string, action: "trust" | "block"][] = [
  ["bob", "alice", "trust"],
  ["judy", "alice", "trust"],
  ["bob", "erin", "trust"],
  ["dave", "carol", "block"],
];

export async function seedDemoContacts(context: SeedContext): Promise<void> {
  let count = 0;
  for (const [owner, other, action] of RELATIONS) {
    const ownerId = context.users.get(owner);
    if (ownerId === undefined || !context.users.has(other)) continue;
    await changeRelation(context.db, ownerId, other, action);
    count += 1;
  }
  if (count > 0) context.print(`demo contacts: ${count} relations`);
}
