import type { SiteTheme, UserSettingsRequest } from "@souk/contracts";
import { apiClient } from "../../../lib/api.ts";

/**
 * Remembers the theme on the account so it follows the user to other devices. Best effort: the
 * cookie already holds the choice, so a failure here is ignored.
 */
export async function saveSiteTheme(siteTheme: SiteTheme): Promise<void> {
  await apiClient.post("/rest/v1/users/settings", { siteTheme } satisfies UserSettingsRequest, {
    skipUnauthorizedRedirect: true,
  });
}
