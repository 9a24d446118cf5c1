// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { ExportPanel } from "./export-panel.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

const exportRow = {
  id: "7f1b6a8e-1111-4a4a-9a9a-222233334444",
  status: "generating",
  progress: 40,
  format: "csv",
  filters: {
    cryptoCurrencyCode: null,
    offerType: null,
    paymentMethodId: null,
    status: null,
    startDate: "2026-11-01",
    endDate: "2026-11-21",
  },
  rowCount: null,
  fileName: null,
  byteSize: null,
  downloadUrl: null,
  createdAt: "2026-11-21T10:00:00.000Z",
  completedAt: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ExportPanel", () => {
  it("shows a running export with its progress and refuses a range over 31 days", async () => {
    const fetchStub = vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({ data: [exportRow], meta: { total: 1, currentPage: 1, perPage: 10, lastPage: 1 } }),
          { status: 200, headers: { "Content-Type": "application/json" } },
        ),
    );
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<ExportPanel />, { user: makeCurrentUser() });
    expect(await screen.findByRole("progressbar", { name: "Generating" })).toBeTruthy();

    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-01-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Create export" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Choose at most 31 days."));
    expect(fetchStub.mock.calls.every(([, init]) => (init?.method ?? "GET") === "GET")).toBe(true);
  });
});
