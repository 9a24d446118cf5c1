// @vitest-environment happy-dom
import type { CompanyVerificationState } from "@souk/contracts";
import { act, cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AccountTypeCard } from "./account-type-card.tsx";

// Not 4000: the redirect timer is found among the page's timers by its 4000 ms.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const personal: CompanyVerificationState = {
  isCorporate: false,
  isCorporateVerified: false,
  status: null,
  isPostponed: false,
  canSubmit: false,
  application: null,
};

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AccountTypeCard", () => {
  it("converts, says so, and follows the redirect after the spec's 4000 ms", async () => {
    const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
      if (init?.method === "POST") {
        expect(String(input)).toContain("/rest/v1/users/corporate-accounts/convert-to-corporate");
        return answer({ data: { message: "Done.", redirect: "/account/verification/company" }, meta: null });
      }
      return answer({ data: personal, meta: null });
    });
    vi.stubGlobal("fetch", fetchStub);
    const timers = vi.spyOn(window, "setTimeout");
    await renderWithApp(
      <>
        <AccountTypeCard state={personal} />
        <Where />
      </>,
      { user: makeCurrentUser(), path: "/account/settings" },
    );
    fireEvent.click(screen.getByRole("button", { name: "Convert to a corporate account" }));
    expect((await screen.findByRole("status")).textContent).toContain("Your account is now a corporate account");
    expect(screen.getByTestId("where").textContent).toBe("/account/settings");

    const redirect = timers.mock.calls.find(([, delay]) => delay === 4000);
    expect(redirect).toBeDefined();
    act(() => (redirect![0] as () => void)());
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/account/verification/company"));
  });

  it("shows a refused conversion as an error toast and stays", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (_input, init) =>
        init?.method === "POST"
          ? answer({ errors: { message: "No.", code: "ERROR_CORPORATE_ACCOUNT_ALREADY", details: null } }, 409)
          : answer({ data: personal, meta: null }),
      ),
    );
    const timers = vi.spyOn(window, "setTimeout");
    await renderWithApp(<AccountTypeCard state={personal} />, { user: makeCurrentUser() });
    fireEvent.click(screen.getByRole("button", { name: "Convert to a corporate account" }));
    expect(await screen.findByText("This account is already a corporate account.")).toBeTruthy();
    expect(timers.mock.calls.some(([, delay]) => delay === 4000)).toBe(false);
  });
});
