import { twoFactorStatusResponseSchema } from "@souk/contracts";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient } from "./api.ts";

/**
 * For forms that ask the second factor's code (release, send): whether the user's factor sends its
 * codes (by e-mail or by SMS, `channel`), and a way to have one sent (an authenticator app needs
 * nothing of the kind).
 */
export function useMailedSecondFactorCode(isAsked: boolean) {
  const status = useQuery({
    queryKey: ["users", "two-factor"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/users/two-factor", { schema: twoFactorStatusResponseSchema, signal })).data,
    enabled: isAsked,
    staleTime: 60_000,
  });
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const send = async () => {
    setState("sending");
    try {
      await apiClient.post("/rest/v1/users/two-factor/send-code", {});
      setState("sent");
    } catch {
      setState("failed");
    }
  };
  const type = status.data?.type;
  return {
    isMailed: isAsked && (type === "email" || type === "sms"),
    channel: type === "sms" ? ("sms" as const) : ("email" as const),
    state,
    send,
  };
}
