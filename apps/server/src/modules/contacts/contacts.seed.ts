import type { SeedContext } from "../../platform/index.ts";
import { changeRelation } from "./contacts.service.ts";

/** Demo relations: buyers who trust the vendors they trade with, and one block. */
const RELATIONS: [owner: string, other: string, action: "trust" | "block"][] = [
  ["bob", "alice", "trust"],
  ["judy", "alice", "trust"],
  ["bob", "erin", "trust"],
  ["dave", "carol", "block"],
];

/**
 * Each relation is set once and marked: a relation its owner removed afterwards stays removed,
 * however often the seed runs.
 */
export async function seedDemoContacts(context: SeedContext): Promise<void> {
  let count = 0;
  for (const [owner, other, action] of RELATIONS) {
    const ownerId = context.users.get(owner);
    const ref = `${owner}>${other}`;
    if (ownerId === undefined || !context.users.has(other) || (await context.marks.get("relation", ref)) !== null)
      continue;
    await changeRelation(context.db, ownerId, other, action);
    await context.marks.add("relation", ref, action);
    count += 1;
  }
  if (count > 0) context.print(`demo contacts: ${count} relations`);
}
