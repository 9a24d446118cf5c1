// @vitest-environment happy-dom
import { ErrorCode } from "@souk/contracts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAppConfig, setAppConfig } from "../../../lib/app-config.ts";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { makeMyOffer, makePage } from "../model/test-offers.ts";
import { MyOffersPage } from "./my-offers-page.tsx";

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const fetchMock = vi.fn<typeof fetch>();
const hash = "AbCdEfGhIj1";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setAppConfig(getAppConfig(), {});
});

describe("my offers", () => {
  it("switches an offer off at once and back on when the server refuses, with the reason", async () => {
    const refusal = deferred<Response>();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes("/rest/v1/my-offers/list")) return answer(200, makePage([makeMyOffer()]));
      if (url.includes(`/rest/v1/my-offers/${hash}/status`) && init?.method === "PUT") return refusal.promise;
      return answer(404, { errors: { message: "Not here", code: "ERROR_NOT_FOUND", details: null } });
    });
    await renderWithApp(<MyOffersPage />, { user: makeCurrentUser(), path: "/dashboard/my-offers" });

    const toggle = await screen.findByRole("switch", { name: `Offer ${hash} active` });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);

    // Applied before the server answers.
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    refusal.resolve(
      answer(422, {
        errors: {
          message: "This offer cannot be switched off.",
          code: ErrorCode.INPUT_VALIDATION,
          details: { newStatus: ["offer_not_approved"], offerErrors: { [hash]: ["offer_not_approved"] } },
        },
      }),
    );

    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect((await screen.findByTestId(`offer-errors-${hash}`)).textContent).toBe(
      "This offer is not approved, so it cannot be switched on.",
    );
  });

  it("shows an empty state with a way to create an offer", async () => {
    fetchMock.mockImplementation(async () => answer(200, makePage([])));
    await renderWithApp(<MyOffersPage />, {
      user: makeCurrentUser(),
      path: "/dashboard/my-offers?type=buy",
    });

    const empty = await screen.findByTestId("my-offers-empty");
    expect(within(empty).getByText("No buy offers yet")).toBeTruthy();
    expect(within(empty).getByRole("link", { name: "Create offer" }).getAttribute("href")).toBe(
      "/offer-manager/edit?type=buy",
    );
  });

  it("appends the next page of 50 when asked for more", async () => {
    const first = makePage([makeMyOffer({ idHashed: "AAAAAAAAAA1" })], { total: 2, hasMore: true });
    const second = makePage([makeMyOffer({ idHashed: "AAAAAAAAAA2" })], { total: 2, offset: 1 });
    fetchMock.mockImplementation(async (input) => answer(200, String(input).includes("offset=1") ? second : first));
    await renderWithApp(<MyOffersPage />, { user: makeCurrentUser(), path: "/dashboard/my-offers" });

    fireEvent.click(await screen.findByTestId("load-more"));

    expect(await screen.findByTestId("my-offer-AAAAAAAAAA2")).toBeTruthy();
    expect(screen.getByTestId("my-offer-AAAAAAAAAA1")).toBeTruthy();
    expect(screen.queryByTestId("load-more")).toBeNull();
    const listCall = String(fetchMock.mock.calls[0]?.[0]);
    expect(listCall).toContain("limit=50");
    expect(listCall).toContain("offset=0");
  });

  it("reopens the escrow fee form with the message when the fee is refused", async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes("/rest/v1/my-offers/list")) return answer(200, makePage([makeMyOffer()]));
      if (url.includes("/manual-escrow-fee") && init?.method === "PUT") {
        return answer(422, {
          errors: {
            message: "Invalid input",
            code: ErrorCode.INPUT_VALIDATION,
            details: { newManualEscrowFee: ["manual_escrow_fee_too_precise"], offerErrors: { [hash]: ["x"] } },
          },
        });
      }
      return answer(404, { errors: { message: "Not here", code: "ERROR_NOT_FOUND", details: null } });
    });
    setAppConfig(getAppConfig(), { manualEscrowFee: true });
    await renderWithApp(<MyOffersPage />, { user: makeCurrentUser(), path: "/dashboard/my-offers" });

    fireEvent.click(await screen.findByRole("button", { name: "Quick edit" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Escrow fee" }));
    fireEvent.change(await screen.findByRole("textbox", { name: "Escrow fee" }), { target: { value: "1.5" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Use at most two decimals.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Escrow fee" })).toBeTruthy();
  });
});
