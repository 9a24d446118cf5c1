// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../test-utils/render-app.tsx";
import { Banners, selectBanners } from "./banners.tsx";

afterEach(cleanup);

const verifiedEmail = makeCurrentUser().verification;

describe("status banners", () => {
  it("shows nothing to a visitor who is not signed in", () => {
    expect(selectBanners(null)).toEqual([]);
  });

  it("shows nothing to a user in good standing with a verified e-mail", () => {
    expect(selectBanners(makeCurrentUser())).toEqual([]);
  });

  it("picks each banner from its flag, the most severe first", () => {
    const user = makeCurrentUser({
      isBanned: true,
      isFrozen: true,
      isRestricted: true,
      isDemoAccount: true,
      verification: { ...verifiedEmail, email: false },
    });
    expect(selectBanners(user)).toEqual([
      "bannedBanner",
      "frozenBanner",
      "userRestrictedBanner",
      "demoModeBanner",
      "verifyEmailBanner",
    ]);
  });

  it("asks a user with an unverified e-mail to verify it, naming the address", async () => {
    const user = makeCurrentUser({ verification: { ...verifiedEmail, email: false } });

    await renderWithApp(<Banners user={user} />, { user });

    const banner = await screen.findByTestId("verifyEmailBanner");
    expect(banner.textContent).toContain("amina@example.com");
    expect(screen.getByRole("link", { name: "Verify e-mail" }).getAttribute("href")).toBe("/account/verification");
    expect(screen.queryByTestId("bannedBanner")).toBeNull();
  });

  it("shows the banned and demo-mode banners in French under /fr", async () => {
    const user = makeCurrentUser({ isBanned: true, isDemoAccount: true });

    await renderWithApp(<Banners user={user} />, { user, locale: "fr", path: "/fr" });

    expect((await screen.findByTestId("bannedBanner")).textContent).toContain("Votre compte est banni");
    expect(screen.getByTestId("demoModeBanner").textContent).toContain("Mode démo");
    expect(screen.queryByTestId("verifyEmailBanner")).toBeNull();
  });

  it("shows the frozen and restricted banners", async () => {
    const user = makeCurrentUser({ isFrozen: true, isRestricted: true });

    await renderWithApp(<Banners user={user} />, { user });

    expect(await screen.findByTestId("frozenBanner")).toBeTruthy();
    expect(screen.getByTestId("userRestrictedBanner")).toBeTruthy();
  });
});
