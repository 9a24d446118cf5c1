// @vitest-environment happy-dom
import { IDEMPOTENCY_HEADER, offerViewSchema } from "@souk/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test-utils/fixtures.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeOfferView } from "../test-fixtures.ts";
import { OfferViewScreen } from "./offer-view-screen.tsx";

const fetchMock = vi.fn<typeof fetch>();
let view = makeOfferView();
let tradeAnswer: () => Response = () =>
  jsonResponse(500, { errors: { message: "no", code: "ERROR_INTERNAL", details: null } });
let reportAnswer: () => Response = () => jsonResponse(200, { data: { reported: true }, meta: null });

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  view = makeOfferView();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/rest/v1/offers/abc123XYZ") return jsonResponse(200, { data: view, meta: null });
    if (url.pathname === "/rest/v1/offers/abc123XYZ/report") return reportAnswer();
    if (url.pathname === "/rest/v1/trade") return tradeAnswer();
    return jsonResponse(404, { errors: { message: "No such offer.", code: "ERROR_OFFER_NOT_FOUND", details: null } });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

async function renderOffer(path = "/offer/abc123XYZ", loggedIn = true) {
  return renderWithApp(
    <>
      <Routes>
        <Route path="/offer/:id" element={<OfferViewScreen id="abc123XYZ" />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { path, user: loggedIn ? makeCurrentUser() : null },
  );
}

describe("offer page", () => {
  it("uses a fixture the contracts accept", () => {
    expect(offerViewSchema.safeParse(makeOfferView()).success).toBe(true);
  });

  it("shows the price, the terms and the crypto a typed amount buys, modals closed", async () => {
    await renderOffer("/offer/abc123XYZ?fiat-min=50");
    expect((await screen.findByTestId("offer-price")).textContent).toBe("77,560.03 EUR");
    expect(screen.getByTestId("offer-terms").textContent).toContain("Send the exact amount.");
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.change(screen.getByLabelText("Amount in EUR"), { target: { value: "50" } });
    expect(screen.getByTestId("trade-crypto-amount").textContent).toContain("0.00064466");
    fireEvent.change(screen.getByLabelText("Amount in EUR"), { target: { value: "100" } });
    expect(screen.getByText("The largest amount is 87 EUR.")).toBeTruthy();
    expect((screen.getByTestId("start-trade") as HTMLButtonElement).disabled).toBe(true);
  });

  it("lists the requirements the viewer does not meet and keeps the trade closed", async () => {
    view = makeOfferView({ unmetRequirements: ["require_verified_id"] }, { requireVerifiedId: true });
    await renderOffer();
    const unmet = await screen.findByTestId("unmet-requirements");
    expect(within(unmet).getByText("You need a verified identity.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Amount in EUR"), { target: { value: "50" } });
    expect((screen.getByTestId("start-trade") as HTMLButtonElement).disabled).toBe(true);
  });

  it("starts a trade after the terms are reviewed and goes to it", async () => {
    tradeAnswer = () => jsonResponse(200, { data: { id: "T1" }, meta: null });
    await renderOffer();
    fireEvent.change(await screen.findByLabelText("Amount in EUR"), { target: { value: "50" } });
    fireEvent.click(screen.getByTestId("start-trade"));
    const review = await screen.findByRole("dialog", { name: "Review the terms and start" });
    fireEvent.click(within(review).getByLabelText("I have read the vendor’s terms"));
    fireEvent.click(within(review).getByRole("button", { name: "Start trade" }));

    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/rest/v1/trade?"))).toBe(true),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).startsWith("/rest/v1/trade?")) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ offerId: "abc123XYZ", fiatAmount: "50" });
    expect(((init?.headers ?? {}) as Record<string, string>)[IDEMPOTENCY_HEADER]).toBeTruthy();
  });

  it("warns of each risk the server raised, in order, before the terms review", async () => {
    view = makeOfferView({
      riskWarnings: { chargebackRisky: true, ofacOfferWarning: false, paymentTermsWarning: true },
    });
    await renderOffer();
    fireEvent.change(await screen.findByLabelText("Amount in EUR"), { target: { value: "50" } });
    fireEvent.click(screen.getByTestId("start-trade"));
    const chargeback = await screen.findByRole("dialog", { name: "SEPA Transfer payments can be reversed" });
    fireEvent.click(within(chargeback).getByRole("button", { name: "I understand, continue" }));
    const terms = await screen.findByRole("dialog", { name: "Read these terms carefully" });
    expect(screen.queryByRole("dialog", { name: "Sanctioned country" })).toBeNull();
    fireEvent.click(within(terms).getByRole("button", { name: "I understand, continue" }));
    expect(await screen.findByRole("dialog", { name: "Review the terms and start" })).toBeTruthy();
  });

  it("stops at a sanctions warning when the visitor says not now, and starts nothing", async () => {
    view = makeOfferView({
      riskWarnings: { chargebackRisky: false, ofacOfferWarning: true, paymentTermsWarning: false },
    });
    await renderOffer();
    fireEvent.change(await screen.findByLabelText("Amount in EUR"), { target: { value: "50" } });
    fireEvent.click(screen.getByTestId("start-trade"));
    const ofac = await screen.findByRole("dialog", { name: "Sanctioned country" });
    fireEvent.click(within(ofac).getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/rest/v1/trade?"))).toBe(false);
  });

  it("says why a trade could not start", async () => {
    tradeAnswer = () =>
      jsonResponse(403, {
        errors: { message: "no", code: "ERROR_MAX_PER_TRADE_LIMIT", details: { reason: "max_per_trade_limit" } },
      });
    await renderOffer();
    fireEvent.change(await screen.findByLabelText("Amount in EUR"), { target: { value: "50" } });
    fireEvent.click(screen.getByTestId("start-trade"));
    const review = await screen.findByRole("dialog", { name: "Review the terms and start" });
    fireEvent.click(within(review).getByLabelText("I have read the vendor’s terms"));
    fireEvent.click(within(review).getByRole("button", { name: "Start trade" }));
    expect(
      await within(review).findByText("This amount is over the limit of one trade for your verification level."),
    ).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/offer/abc123XYZ");
  });

  it("reports the offer: sending, then reported", async () => {
    await renderOffer();
    fireEvent.click(await screen.findByTestId("report-offer"));
    const dialog = await screen.findByRole("dialog", { name: "Report this offer" });
    const send = within(dialog).getByRole("button", { name: "Send report" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText("Looks like a scam"));
    fireEvent.click(send);
    expect(await within(dialog).findByText("Thank you. The moderators will look at this offer.")).toBeTruthy();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes("/report?")) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ reason: "obvious_scam", message: "" });
  });

  it("reports a failure with its reason", async () => {
    reportAnswer = () =>
      jsonResponse(409, { errors: { message: "dup", code: "ERROR_OFFER_ALREADY_REPORTED", details: null } });
    await renderOffer();
    fireEvent.click(await screen.findByTestId("report-offer"));
    const dialog = await screen.findByRole("dialog", { name: "Report this offer" });
    fireEvent.click(within(dialog).getByLabelText("Something else"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText("You already reported this offer; the moderators have it.")).toBeTruthy();
  });

  it("says honestly that an offer does not exist", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(404, { errors: { message: "No such offer.", code: "ERROR_OFFER_NOT_FOUND", details: null } }),
    );
    await renderOffer("/offer/abc123XYZ", false);
    expect(await screen.findByText("This offer does not exist")).toBeTruthy();
  });
});
