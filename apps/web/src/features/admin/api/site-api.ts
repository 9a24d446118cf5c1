import { type AlertAudience, adminSiteSchema, envelopeSchema, type FeatureFlag } from "@souk/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

/** The site screen's calls (admins): maintenance, notices and flags; each answers the screen anew. */

const siteAnswer = envelopeSchema(adminSiteSchema);
const siteKey = ["admin", "site"] as const;

export function adminSiteQueryOptions() {
  return queryOptions({
    queryKey: siteKey,
    queryFn: async ({ signal }) => (await apiClient.get("/rest/v1/admin/site", { schema: siteAnswer, signal })).data,
  });
}

export type SiteChange =
  | { type: "maintenance"; isOn: boolean; message: string }
  | { type: "alert"; message: string; audience: AlertAudience; expiresAt: string | null }
  | { type: "removeAlert"; id: number }
  | { type: "flag"; name: FeatureFlag; isOn: boolean | null };

function send(change: SiteChange) {
  const options = { schema: siteAnswer };
  switch (change.type) {
    case "maintenance":
      return apiClient.put("/rest/v1/admin/site/maintenance", { isOn: change.isOn, message: change.message }, options);
    case "alert":
      return apiClient.post(
        "/rest/v1/admin/site/alerts",
        { message: change.message, audience: change.audience, expiresAt: change.expiresAt },
        options,
      );
    case "removeAlert":
      return apiClient.delete(`/rest/v1/admin/site/alerts/${change.id}`, options);
    case "flag":
      return apiClient.put(`/rest/v1/admin/site/flags/${change.name}`, { isOn: change.isOn }, options);
  }
}

/** One change; the screen shows the switches as the answer says, and the banners are asked again. */
export function useSiteChangeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: SiteChange) => (await send(change)).data,
    onSuccess: (site) => {
      queryClient.setQueryData(siteKey, site);
      void queryClient.invalidateQueries({ queryKey: ["site", "status"] });
    },
  });
}
