// @vitest-environment happy-dom
import { ErrorCode } from "@souk/contracts";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiClient } from "../lib/api.ts";
import { useCurrentUser } from "../lib/session.ts";
import { makeCurrentUser, renderWithApp } from "../test-utils/render-app.tsx";
import { useUnauthorizedRedirect } from "./use-unauthorized-redirect.ts";

function Probe() {
  useUnauthorizedRedirect();
  const location = useLocation();
  const user = useCurrentUser();
  return (
    <output data-testid="probe">
      {location.pathname}
      {location.search}|{user?.username ?? "nobody"}
    </output>
  );
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a 401 from the server", () => {
  it("forgets the user and opens the log-in page of the same language, coming back here after", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ errors: { message: "Log in", code: ErrorCode.UNAUTHENTICATED, details: null } }), {
        status: 401,
      }),
    );
    await renderWithApp(<Probe />, { path: "/fr/wallet?tab=btc", locale: "fr", user: makeCurrentUser() });
    expect(screen.getByTestId("probe").textContent).toBe("/fr/wallet?tab=btc|amina_k");

    await apiClient.get("/rest/v2/wallet/balances").catch(() => {});

    await waitFor(() =>
      expect(screen.getByTestId("probe").textContent).toBe("/fr/login?returnTo=%2Ffr%2Fwallet%3Ftab%3Dbtc|nobody"),
    );
  });
});
