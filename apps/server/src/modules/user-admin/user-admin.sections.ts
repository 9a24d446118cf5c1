import type { AccountActivity, AdminUserRelations, PageMeta, VerificationSubmission } from "@souk/contracts";
import type { Db } from "../../db/pool.ts";
import { userNotFound } from "../../platform/index.ts";
import { listActivity } from "../account-security/index.ts";
import { listRelationsForStaff } from "../contacts/index.ts";
import { listSubmissionsOfUser } from "../verification/index.ts";
import * as repo from "./user-admin.repo.ts";

/**
 * The further sections of a user's page in the operator console (docs/product.md#operator-console):
 * the account's activity log, its relations and its verification submissions, each read through
 * the door of the module that owns it. A name that is no account is 404.
 */

/** How many of each relation list, and of the submissions, the page shows. */
const FIRST_PAGE = 20;
const SUBMISSIONS = 50;

async function userIdOf(db: Db, username: string): Promise<number> {
  const user = await repo.findUser(db, username);
  if (!user) throw userNotFound();
  return Number(user.id);
}

/** GET /rest/v1/admin/users/{username}/activity: the account's activity log, newest first, paged. */
export async function getUserActivity(
  db: Db,
  username: string,
  page: { page: number; perPage: number },
): Promise<{ items: AccountActivity[]; meta: PageMeta }> {
  return listActivity(db, await userIdOf(db, username), page);
}

/** GET /rest/v1/admin/users/{username}/relations: trusts and blocks, both ways. */
export async function getUserRelations(db: Db, username: string): Promise<AdminUserRelations> {
  return listRelationsForStaff(db, await userIdOf(db, username), FIRST_PAGE);
}

/** GET /rest/v1/admin/users/{username}/verifications: the submissions and their documents. */
export async function getUserVerifications(db: Db, username: string): Promise<VerificationSubmission[]> {
  return listSubmissionsOfUser(db, await userIdOf(db, username), SUBMISSIONS);
}
