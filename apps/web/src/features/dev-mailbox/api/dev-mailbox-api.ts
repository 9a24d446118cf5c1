import { devMailListResponseSchema, devMailResponseSchema, devSmsListResponseSchema } from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

/** The admins' dev mailbox: the mail outbox, one mail in full, and the SMS outbox. */
export const devMailboxKeys = { all: ["dev-mailbox"] as const };

export function devMailListQueryOptions() {
  return queryOptions({
    queryKey: [...devMailboxKeys.all, "mail"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/admin/mail", { schema: devMailListResponseSchema, signal })).data,
  });
}

export function devMailQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...devMailboxKeys.all, "mail", id],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`/rest/v1/admin/mail/${id}`, { schema: devMailResponseSchema, signal })).data,
    retry: false,
  });
}

export function devSmsListQueryOptions() {
  return queryOptions({
    queryKey: [...devMailboxKeys.all, "sms"],
    queryFn: async ({ signal }) =>
      (await apiClient.get("/rest/v1/admin/sms", { schema: devSmsListResponseSchema, signal })).data,
  });
}
