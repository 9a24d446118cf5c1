// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakePushBrowser, PUSH_ENDPOINT } from "../../test-utils/fake-push-browser.ts";
import { makeCurrentUser, renderWithApp } from "../../test-utils/render-app.tsx";
import { Navbar } from "./navbar.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** What the page asked up to its log-out call, but the reads (the bell, the new CSRF token). */
const untilLogOut = (calls: string[]) =>
  calls.slice(0, calls.indexOf("POST /rest/v1/auth/logout") + 1).filter((call) => !call.startsWith("GET "));

async function logOutFromTheMenu(): Promise<void> {
  await renderWithApp(<Navbar />, { user: makeCurrentUser() });
  fireEvent.click(await screen.findByTestId("user-menu-button"));
  fireEvent.click(await screen.findByTestId("logout-button"));
}

describe("logging out", () => {
  it("unsubscribes this browser from the account's pushes, and tells the server, before the session ends", async () => {
    const calls = fakePushBrowser("granted", "granted", { subscribed: true });
    await logOutFromTheMenu();
    await waitFor(() => expect(calls).toContain("POST /rest/v1/auth/logout"));
    expect(untilLogOut(calls)).toEqual([
      "unsubscribe",
      `POST /rest/v1/notifications/push/unsubscribe ${JSON.stringify({ endpoint: PUSH_ENDPOINT })}`,
      "POST /rest/v1/auth/logout",
    ]);
  });

  it("logs out all the same in a browser that was not subscribed", async () => {
    const calls = fakePushBrowser("default");
    await logOutFromTheMenu();
    await waitFor(() => expect(calls).toContain("POST /rest/v1/auth/logout"));
    expect(untilLogOut(calls)).toEqual(["POST /rest/v1/auth/logout"]);
  });
});

describe("the phone menu", () => {
  async function openMenu(): Promise<HTMLElement> {
    fakePushBrowser("default");
    await renderWithApp(<Navbar />, { user: makeCurrentUser() });
    const burger = screen.getByTestId("navbar-burger");
    burger.focus();
    fireEvent.click(burger);
    await screen.findByTestId("navbar-drawer");
    await waitFor(() => expect(burger.getAttribute("aria-expanded")).toBe("true"));
    return burger;
  }

  it("gives focus back to the burger when it closes, the first time it opens as after", async () => {
    const burger = await openMenu();
    for (let time = 0; time < 2; time += 1) {
      const drawer = await screen.findByRole("dialog");
      fireEvent.click(within(drawer).getByRole("button", { name: "Close menu" }));
      await waitFor(() => expect(document.activeElement).toBe(burger));
      expect(burger.getAttribute("aria-expanded")).toBe("false");
      fireEvent.click(burger);
      await waitFor(() => expect(burger.getAttribute("aria-expanded")).toBe("true"));
    }
  });

  it("leaves focus to the new page when a link of the menu closes it", async () => {
    const burger = await openMenu();
    fireEvent.click(within(await screen.findByRole("dialog")).getByTestId("mobile-nav-buy"));
    await waitFor(() => expect(burger.getAttribute("aria-expanded")).toBe("false"));
    expect(document.activeElement).not.toBe(burger);
  });
});
