import { changeRelation, getRelation, listContacts } from "../../contacts/index.ts";
import { findUserIdByUsername, getCurrentUser, getPublicProfile } from "../../users/index.ts";
import { type ActionContext, defineAction, viewerOf } from "../paxful.action.ts";
import { invalidParameters } from "../paxful.errors.ts";

const BLOCKED_PAGE_SIZE = 50;

function isoOfSeconds(seconds: number | null): string | null {
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
}

async function profileFields(context: ActionContext, username: string) {
  const profile = await getPublicProfile(context.db, username);
  return {
    username: profile.username,
    status: "active",
    joined: isoOfSeconds(profile.registered),
    created_at: isoOfSeconds(profile.registered),
    last_seen: isoOfSeconds(profile.lastSeen),
    avatar_url: profile.avatarUrl,
    is_vendor: profile.isVendor,
    is_verified: profile.verification.id,
    email_verified: profile.verification.email,
    phone_verified: profile.phone,
    total_trades: profile.totalTrades,
    total_partners: profile.totalPartners,
    feedback_positive: profile.feedback.positive,
    feedback_negative: profile.feedback.negative,
    trusted_by: profile.trustedCount,
    blocked_by: profile.blockedCount,
    total_btc: profile.btcTraded,
  };
}

function relationAction(action: "trust" | "untrust" | "block" | "unblock") {
  return async (context: ActionContext, input: { username: string }) => {
    await changeRelation(context.db, viewerOf(context).userId, input.username, action);
    return {};
  };
}

export const userActions = [
  defineAction({
    path: "user/me",
    summary: "The caller's profile",
    run: async (context) => {
      const viewer = viewerOf(context);
      const user = await getCurrentUser(context.db, viewer.userId);
      const publicUrl = context.deps.config.PUBLIC_URL ?? `http://localhost:${context.deps.config.PORT}`;
      return {
        uid: user.externalId,
        ...(await profileFields(context, viewer.username)),
        referral_link: `${publicUrl}/register?ref=${user.referralCode}`,
      };
    },
  }),
  defineAction({
    path: "user/info",
    summary: "Another user's public profile, and the caller's relation to them",
    notFoundAs: "user",
    run: async (context, input) => {
      const viewer = viewerOf(context);
      const fields = await profileFields(context, input.username);
      const otherId = await findUserIdByUsername(context.db, input.username);
      const relation = otherId === null ? null : await getRelation(context.db, viewer.userId, otherId);
      return { ...fields, is_trusted: relation?.isTrusted ?? false, is_blocked: relation?.isBlocked ?? false };
    },
  }),
  defineAction({ path: "user/trust", summary: "Trust a user", notFoundAs: "user", run: relationAction("trust") }),
  defineAction({
    path: "user/untrust",
    summary: "Stop trusting a user",
    notFoundAs: "user",
    run: relationAction("untrust"),
  }),
  defineAction({ path: "user/block", summary: "Block a user", notFoundAs: "user", run: relationAction("block") }),
  defineAction({ path: "user/unblock", summary: "Unblock a user", notFoundAs: "user", run: relationAction("unblock") }),
  defineAction({
    path: "user/blocked-list",
    summary: "The users the caller blocks, 50 a page",
    run: async (context, input) => {
      const page = input.page ?? 1;
      if (page < 1) throw invalidParameters(["page"]);
      const { items } = await listContacts(context.db, viewerOf(context).userId, "blocked", {
        page,
        perPage: BLOCKED_PAGE_SIZE,
      });
      return {
        page,
        count: items.length,
        blocked_users: items.map((item) => ({
          username: item.username,
          avatar_url: item.avatarUrl,
          blocked_at: item.since,
        })),
      };
    },
  }),
  defineAction({
    path: "user/types",
    summary: "Trader types (Souk ranks no trader types: the list is empty)",
    run: async () => ({ count: 0, types: [] }),
  }),
];
