// @vitest-environment happy-dom
import { publicProfileSchema } from "@souk/contracts";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test-utils/fixtures.ts";
import { renderWithApp } from "../../../test-utils/render-app.tsx";
import { ProfileScreen } from "./profile-screen.tsx";

const now = Math.floor(Date.now() / 1000);
const profile = {
  username: "erin",
  avatarUrl: null,
  fullName: null,
  ipLocation: "Germany",
  lastSeen: now - 10 * 60,
  phone: false,
  feedback: { positive: 4, negative: 1 },
  verification: { id: true, email: true },
  registered: 1_790_000_000,
  totalPartners: 3,
  totalTrades: 5,
  btcTraded: "0.01500000",
  trustedCount: 2,
  blockedCount: 0,
  confirmedChargebacks: 1,
  tradeVolume: [{ name: "EUR", value: "1200.00" }],
  isVendor: true,
  badge: "vendor",
  bio: "",
  isAccountClosed: false,
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/rest/v1/users/erin") return jsonResponse(200, { data: profile, meta: null });
    if (url.pathname === "/rest/v1/users/erin/active-offers") {
      return jsonResponse(200, { data: [], meta: { limit: 10, offset: 0, hasMore: false } });
    }
    if (url.pathname === "/rest/v2/wallet/crypto-currencies") return jsonResponse(200, { data: [], meta: null });
    return jsonResponse(404, { errors: { message: "No such user.", code: "ERROR_USER_NOT_FOUND", details: null } });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("profile", () => {
  it("uses a fixture the contracts accept", () => {
    expect(publicProfileSchema.safeParse(profile).success).toBe(true);
  });

  it("shows the public fields and the last seen text in its colour", async () => {
    await renderWithApp(<ProfileScreen username="erin" renderOffers={() => null} />, { path: "/user/erin?type=sell" });
    expect(await screen.findByRole("heading", { level: 1, name: "erin" })).toBeTruthy();
    const lastSeen = screen.getByTestId("profile-last-seen");
    expect(lastSeen.textContent).toBe("Seen 10 minutes ago");
    expect(lastSeen.getAttribute("data-color")).toBe("success");
    expect(screen.getByText("Identity verified")).toBeTruthy();
    expect(screen.getByText("1200.00")).toBeTruthy();
    expect(screen.getByText("Chargebacks confirmed").nextElementSibling?.textContent).toBe("1");
    expect(await screen.findByText("erin has no offers to sell to right now.")).toBeTruthy();
    const offersCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), "http://localhost"))
      .find((url) => url.pathname.endsWith("/active-offers"));
    expect(offersCall?.searchParams.get("type")).toBe("sell");
  });

  it("says honestly when nobody has that name", async () => {
    await renderWithApp(<ProfileScreen username="nobody" renderOffers={() => null} />, { path: "/user/nobody" });
    expect(await screen.findByText("No such user")).toBeTruthy();
  });
});
