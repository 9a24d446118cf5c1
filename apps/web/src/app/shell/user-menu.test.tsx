// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../test-utils/render-app.tsx";
import { UserMenu } from "./user-menu.tsx";

afterEach(cleanup);

describe("the user menu", () => {
  it("leads staff to the disputes screen", async () => {
    const user = makeCurrentUser({ isStaff: true, roles: ["user", "moderator"] });
    await renderWithApp(<UserMenu user={user} onLogOut={() => {}} isLoggingOut={false} defaultOpened />, { user });
    expect((await screen.findByTestId("disputes-link")).getAttribute("href")).toBe("/moderation/disputes");
  });

  it("leads to every page of one's own: trades, offers, favourites, contacts, the account and its API keys", async () => {
    const user = makeCurrentUser({ username: "amina" });
    await renderWithApp(<UserMenu user={user} onLogOut={() => {}} isLoggingOut={false} defaultOpened />, { user });
    await screen.findByTestId("nav-favorites");
    const hrefs = Object.fromEntries(
      [
        "nav-active-trades",
        "nav-trade-history",
        "nav-menu-my-offers",
        "nav-menu-create-offer",
        "nav-favorites",
        "nav-trusted-users",
        "nav-blocked-users",
        "nav-menu-wallet",
        "nav-profile",
        "nav-settings",
        "nav-api-keys",
      ].map((id) => [id, screen.getByTestId(id).getAttribute("href")]),
    );
    expect(hrefs).toEqual({
      "nav-active-trades": "/dashboard",
      "nav-trade-history": "/dashboard/trade-history",
      "nav-menu-my-offers": "/dashboard/my-offers",
      "nav-menu-create-offer": "/offer-manager/edit",
      "nav-favorites": "/dashboard/favorite-offers",
      "nav-trusted-users": "/dashboard/trusted-users",
      "nav-blocked-users": "/dashboard/blocked-users",
      "nav-menu-wallet": "/wallet",
      "nav-profile": "/user/amina",
      "nav-settings": "/account/settings",
      "nav-api-keys": "/account/api-keys",
    });
    expect(screen.queryByTestId("nav-admin-deposits")).toBeNull();
  });

  it("leads admins to the dev chain's deposits screen", async () => {
    const user = makeCurrentUser({ isStaff: true, roles: ["user", "admin"] });
    await renderWithApp(<UserMenu user={user} onLogOut={() => {}} isLoggingOut={false} defaultOpened />, { user });
    expect((await screen.findByTestId("nav-admin-deposits")).getAttribute("href")).toBe("/admin/wallet/deposits");
  });

  it("shows no disputes entry to other users", async () => {
    const user = makeCurrentUser();
    await renderWithApp(<UserMenu user={user} onLogOut={() => {}} isLoggingOut={false} defaultOpened />, { user });
    expect(await screen.findByTestId("logout-button")).toBeTruthy();
    expect(screen.queryByTestId("disputes-link")).toBeNull();
  });
});
