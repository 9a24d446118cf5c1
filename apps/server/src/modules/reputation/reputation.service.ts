import { MEDALS, type UserMedal } from "@souk/contracts";
import { type Db, type Tx, withTx } from "../../db/pool.ts";
import { userNotFound } from "../../platform/index.ts";
import { type BadgeFacts, badgeOf } from "./reputation.badges.ts";
import { summarizeTrades } from "./reputation.facts.ts";
import { medalsEarned, topVolumeUsers } from "./reputation.medals.ts";
import * as repo from "./reputation.repo.ts";

const BATCH = 200;

/**
 * The reputation job's pass: the trades of each user whose trades changed since their figures
 * were worked out (and of each user who has none yet; `everyone` takes every user) summed into
 * their figures and medals, batch by batch, then the top-volume medal from everyone's volume. A
 * user whose trades did not change would get the same figures and medals again, so skipping them
 * changes no result; a medal once earned is kept.
 */
export async function refreshReputation(db: Db, scope: { everyone?: boolean } = {}): Promise<{ users: number }> {
  const platformStartedAt = await repo.findPlatformStart(db);
  if (!platformStartedAt) return { users: 0 };
  let afterId = 0n;
  let users = 0;
  for (;;) {
    const batch = await repo.listUsersToRefresh(db, { afterId, limit: BATCH, onlyChanged: scope.everyone !== true });
    if (batch.length === 0) break;
    // The trades are read in the transaction that writes the figures: their refresh time is no
    // later than the read, so a trade that changes after it is found by the next pass.
    await withTx(db, async (tx) => {
      const facts = await repo.listTradeFacts(
        tx,
        batch.map((user) => user.id),
      );
      for (const user of batch) {
        const summary = summarizeTrades(facts.get(user.id) ?? []);
        const medals = medalsEarned({ summary, signedUpAt: user.created_at, platformStartedAt, isTopVolume: false });
        await repo.saveReputation(tx, user.id, summary, medals);
      }
    });
    users += batch.length;
    afterId = (batch[batch.length - 1] as { id: bigint }).id;
  }
  const top = topVolumeUsers(await repo.listVolumes(db));
  await repo.awardMedals(
    db,
    [...top].map((id) => BigInt(id)),
    ["trade_volume_top_1_percent"],
  );
  return { users };
}

/** GET /rest/v1/users/{username}/medals: in the product's order. */
export async function listUserMedals(db: Db, username: string): Promise<UserMedal[]> {
  const rows = await repo.findMedalsByUsername(db, username);
  if (!rows) throw userNotFound();
  return rows
    .sort((a, b) => MEDALS.indexOf(a.code) - MEDALS.indexOf(b.code))
    .map((row) => ({ code: row.code, awardedAt: row.awarded_at.toISOString() }));
}

interface ProfileReputation {
  /** The tradeVolume map as the profile's name and value list. */
  tradeVolume: { name: string; value: string }[];
  badge: ReturnType<typeof badgeOf>;
}

/** The door for the public profile: the job's figures (none before its first pass) and the badge. */
export async function profileReputation(
  db: Db | Tx,
  userId: number,
  facts: Omit<BadgeFacts, "doneTrades" | "volumeUsd">,
): Promise<ProfileReputation> {
  const stats = await repo.findStats(db, userId);
  const tradeVolume = Object.entries(stats?.trade_volume ?? {}).map(([name, value]) => ({ name, value }));
  const badge = badgeOf({
    ...facts,
    doneTrades: stats?.done_trades ?? 0,
    volumeUsd: Number(stats?.volume_usd ?? 0),
  });
  return { tradeVolume, badge };
}
