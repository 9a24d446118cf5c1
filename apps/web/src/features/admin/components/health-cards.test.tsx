// @vitest-environment happy-dom
import type { AdminHealth } from "@souk/contracts";
import { cleanup, configure, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { HealthCards, minutesSince } from "./health-cards.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const healthy: AdminHealth = {
  ledger: { lastRun: null },
  jobs: { waiting: 0, active: 0, oldestWaitingSince: null },
  deliveries: { mailFailures: 0, webhookFailures: 0 },
  maintenance: { isOn: false, message: "" },
};

function serve(health: AdminHealth | null) {
  const fetchStub = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), "http://souk.test");
    if (url.pathname === "/rest/v1/admin/health" && health) return answer(200, { data: health, meta: null });
    // A refusal, not a 500: the client does not retry it, so the error shows at once.
    return answer(403, { errors: { message: "No.", code: "ERROR_FORBIDDEN", details: null } });
  });
  vi.stubGlobal("fetch", fetchStub);
  return fetchStub;
}

const moderator = makeCurrentUser({ isStaff: true, roles: ["user", "moderator"] });
const admin = makeCurrentUser({ isStaff: true, roles: ["user", "admin"] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Overview's health cards", () => {
  it("shows a ledger never verified, an empty queue, no failures and maintenance off", async () => {
    serve(healthy);
    await renderWithApp(<HealthCards />, { user: moderator, path: "/admin" });
    await waitFor(() => expect(screen.getByTestId("health-ledger").textContent).toContain("Never verified"));
    expect(screen.getByTestId("health-jobs").textContent).toContain("Nothing waits");
    expect(screen.getByTestId("health-mail").textContent).toContain("0");
    expect(screen.getByTestId("health-webhooks").textContent).toContain("0");
    expect(screen.getByTestId("health-maintenance").textContent).toContain("Off");
    // Only admins change the site switches: a moderator gets no link to them.
    expect(screen.getByTestId("health-maintenance").querySelector("a")).toBeNull();
  });

  it("names a failed check, the oldest job's wait, the failures and the maintenance message", async () => {
    serve({
      ledger: {
        lastRun: {
          source: "job",
          isOk: false,
          checkedAt: "2026-11-28T04:41:00.000Z",
          durationMs: 120,
          failedChecks: ["balances_match_entries"],
        },
      },
      jobs: { waiting: 7, active: 2, oldestWaitingSince: new Date(Date.now() - 5 * 60_000 - 1_000).toISOString() },
      deliveries: { mailFailures: 3, webhookFailures: 1 },
      maintenance: { isOn: true, message: "Back at 14:00" },
    });
    await renderWithApp(<HealthCards />, { user: admin, path: "/admin" });
    await waitFor(() => expect(screen.getByTestId("health-ledger").textContent).toContain("Drift found"));
    expect(screen.getByTestId("health-ledger").textContent).toContain("by the daily job");
    expect(screen.getByTestId("health-ledger").textContent).toContain("balances_match_entries");
    expect(screen.getByTestId("health-jobs").textContent).toContain("7");
    expect(screen.getByTestId("health-jobs").textContent).toContain("The oldest has waited 5 min");
    expect(screen.getByTestId("health-jobs").textContent).toContain("2 running");
    expect(screen.getByTestId("health-mail").textContent).toContain("3");
    expect(screen.getByTestId("health-webhooks").textContent).toContain("1");
    expect(screen.getByTestId("health-maintenance").textContent).toContain("Back at 14:00");
    expect(screen.getByTestId("health-maintenance").querySelector("a")?.getAttribute("href")).toBe("/admin/site");
  });

  it("speaks French", async () => {
    serve({
      ...healthy,
      ledger: {
        lastRun: { source: "cli", isOk: true, checkedAt: "2026-11-28T04:41:00.000Z", durationMs: 80, failedChecks: [] },
      },
    });
    await renderWithApp(<HealthCards />, { user: moderator, path: "/fr/admin", locale: "fr" });
    await waitFor(() => expect(screen.getByTestId("health-ledger").textContent).toContain("Aucun écart"));
    expect(screen.getByTestId("health-ledger").textContent).toContain("depuis la ligne de commande");
    expect(screen.getByTestId("health-maintenance").textContent).toContain("Désactivée");
  });

  it("offers a retry when the read fails", async () => {
    serve(null);
    await renderWithApp(<HealthCards />, { user: moderator, path: "/admin" });
    await waitFor(() => expect(screen.getByTestId("overview-health").textContent).toContain("could not be read"));
  });
});

describe("minutesSince", () => {
  it("counts whole minutes and never goes below zero", () => {
    const now = Date.parse("2026-11-28T12:00:00.000Z");
    expect(minutesSince("2026-11-28T11:54:59.000Z", now)).toBe(5);
    expect(minutesSince("2026-11-28T12:01:00.000Z", now)).toBe(0);
  });
});
