// @vitest-environment happy-dom
import { offerListingItemSchema } from "@souk/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeListingItem } from "../test-fixtures.ts";
import { OfferList } from "./offer-list.tsx";

afterEach(cleanup);

describe("offer list", () => {
  it("uses a fixture the contracts accept", () => {
    expect(offerListingItemSchema.safeParse(makeListingItem()).success).toBe(true);
  });

  it("shows the owner, the method, the limits, the price with its margin and a clear call to action", async () => {
    await renderWithApp(<OfferList offers={[makeListingItem()]} fiatAmount="150" />);

    const row = screen.getByRole("article", { name: "Offer by erin: SEPA Transfer" });
    expect(within(row).getByRole("link", { name: "erin" }).getAttribute("href")).toBe("/user/erin");
    expect(within(row).getByText("9 – 1,500 EUR")).toBeTruthy();
    expect(within(row).getByTestId("offer-price").textContent).toBe("77,560.03 EUR");
    expect(within(row).getByText("+2.65%")).toBeTruthy();
    expect(within(row).getByText("Instant release")).toBeTruthy();
    expect(within(row).getByText("12 positive and 1 negative feedback")).toBeTruthy();
    const cta = within(row).getByRole("link", { name: "Buy BTC from erin" });
    expect(cta.getAttribute("href")).toBe("/offer/abc123XYZ?fiat-min=150");
  });

  it("offers to sell to an owner who buys, and lists predefined amounts", async () => {
    await renderWithApp(
      <OfferList
        offers={[
          makeListingItem({ type: "buy", rangeType: "predefined", predefinedAmount: ["100", "2500"], margin: "-1.5" }),
        ]}
      />,
    );
    expect(screen.getByRole("link", { name: "Sell BTC to erin" })).toBeTruthy();
    expect(screen.getByText("100 · 2,500 EUR")).toBeTruthy();
    expect(screen.getByText("−1.50%")).toBeTruthy();
  });

  it("marks an offer holding a pinned position, and only that one", async () => {
    await renderWithApp(
      <OfferList
        offers={[
          makeListingItem({ idHashed: "pinned00001", hash: "pinned00001", isStickied: true, pinnedPosition: 1 }),
          makeListingItem({ idHashed: "plain000001", hash: "plain000001" }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId("offer-row");
    expect(within(rows[0]!).getByTestId("offer-pinned").textContent).toBe("Pinned");
    expect(within(rows[1]!).queryByTestId("offer-pinned")).toBeNull();
  });

  it("links in the page's language and leaves the owner out on a profile", async () => {
    await renderWithApp(<OfferList offers={[makeListingItem()]} showOwner={false} />, {
      locale: "fr",
      path: "/fr/user/erin",
    });
    expect(screen.queryByRole("link", { name: "erin" })).toBeNull();
    expect(screen.getByRole("link", { name: "Acheter du BTC à erin" }).getAttribute("href")).toBe(
      "/fr/offer/abc123XYZ",
    );
  });
});
