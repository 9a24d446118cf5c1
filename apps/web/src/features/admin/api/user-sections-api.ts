import {
  accountActivityResponseSchema,
  adminUserRelationsSchema,
  adminUserVerificationsSchema,
  envelopeSchema,
} from "@souk/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

/** The user page's activity, relations and verification sections (supermods and admins). */

const base = (username: string) => `/rest/v1/admin/users/${encodeURIComponent(username)}`;

const ACTIVITY_PER_PAGE = 10;

export function userActivityQueryOptions(username: string, page: number) {
  return queryOptions({
    queryKey: ["admin", "user-activity", username, page],
    queryFn: async ({ signal }) =>
      apiClient.get(`${base(username)}/activity`, {
        schema: accountActivityResponseSchema,
        signal,
        query: { page, perPage: ACTIVITY_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });
}

export function userRelationsQueryOptions(username: string) {
  return queryOptions({
    queryKey: ["admin", "user-relations", username],
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${base(username)}/relations`, { schema: envelopeSchema(adminUserRelationsSchema), signal }))
        .data,
  });
}

export function userVerificationsQueryOptions(username: string) {
  return queryOptions({
    queryKey: ["admin", "user-verifications", username],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get(`${base(username)}/verifications`, {
          schema: envelopeSchema(adminUserVerificationsSchema),
          signal,
        })
      ).data,
  });
}
