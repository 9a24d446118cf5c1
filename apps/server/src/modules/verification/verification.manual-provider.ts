import { z } from "zod";
import type { ProviderDecision, VerificationProvider } from "./verification.provider.ts";

/** A moderator's answer in the review queue. */
const moderatorAnswer = z.discriminatedUnion("action", [
  z.object({ action: z.literal("approve") }),
  z.object({ action: z.literal("reject"), reason: z.string() }),
  z.object({ action: z.literal("request_resubmission"), reason: z.string() }),
]);

/**
 * The built-in provider: it checks nothing itself. A submitted verification waits as `uploaded` in
 * the review queue until a moderator approves it, rejects it or asks for it again.
 */
export const manualProvider: VerificationProvider = {
  name: "manual",
  async submit() {
    return { reference: null };
  },
  decide(answer: unknown): ProviderDecision | null {
    const parsed = moderatorAnswer.safeParse(answer);
    if (!parsed.success) return null;
    switch (parsed.data.action) {
      case "approve":
        return { outcome: "approved" };
      case "reject":
        return { outcome: "rejected", reason: parsed.data.reason };
      case "request_resubmission":
        return { outcome: "resubmission_requested", reason: parsed.data.reason };
    }
  },
};
