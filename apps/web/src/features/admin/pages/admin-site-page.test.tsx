// @vitest-environment happy-dom
import { FEATURE_FLAGS } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AdminSitePage } from "./admin-site-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const site = {
  maintenance: { isOn: false, message: "", changedAt: "2026-11-28T12:00:00.000Z" },
  alerts: [],
  flags: FEATURE_FLAGS.map((name) => ({ name, isOn: false, deploymentValue: false, source: "deployment" })),
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the operator console's site screen", () => {
  it("tells a supermod it is for admins, and asks for nothing", async () => {
    const fetchStub = vi.fn<typeof fetch>(async () => answer(500, {}));
    vi.stubGlobal("fetch", fetchStub);
    const supermod = makeCurrentUser({ isStaff: true, roles: ["user", "supermod"] });
    await renderWithApp(<AdminSitePage />, { user: supermod, path: "/admin/site" });
    expect(screen.getByTestId("admin-area-not-allowed").textContent).toContain("For admins");
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("switches maintenance on with the message and shows the state the server answers", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), "http://souk.test");
        const on = { ...site, maintenance: { ...site.maintenance, isOn: true, message: "Back at 14:00" } };
        if (init?.method === "PUT" && url.pathname === "/rest/v1/admin/site/maintenance") {
          sent.push(JSON.parse(String(init.body)));
          return answer(200, { data: on, meta: null });
        }
        if (url.pathname === "/rest/v1/admin/site")
          return answer(200, { data: sent.length > 0 ? on : site, meta: null });
        return answer(404, { errors: { message: "No.", code: "ERROR_NOT_FOUND", details: null } });
      }),
    );
    const admin = makeCurrentUser({ isStaff: true, roles: ["user", "admin"] });
    await renderWithApp(<AdminSitePage />, { user: admin, path: "/admin/site" });
    await waitFor(() => expect(screen.getByTestId("maintenance-state").textContent).toBe("Off"));
    fireEvent.change(screen.getByTestId("maintenance-message"), { target: { value: "Back at 14:00" } });
    fireEvent.click(screen.getByTestId("maintenance-submit"));
    await waitFor(() => expect(screen.getByTestId("maintenance-state").textContent).toBe("On"));
    expect(sent).toEqual([{ isOn: true, message: "Back at 14:00" }]);
    expect(screen.getByTestId("site-flag-bazaar").textContent).toContain("Bazaar");
  });
});
