// @vitest-environment happy-dom
import { cleanup, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { AdminCompanyApplicationPage } from "./admin-company-application-page.tsx";
import { AdminVerificationsPage } from "./admin-verifications-page.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const application = {
  id: "app_abc123",
  status: "application_submitted",
  legalEntityName: "Diallo Trading SARL",
  businessName: "Amina's Exchange",
  registrationNumber: "RC-DKR-2024-B-123",
  countryIso3: "SEN",
  reason: null,
  submittedAt: "2026-03-01T10:00:00.000Z",
  decidedAt: null,
  documents: [
    { id: "doc_1", fileName: "extract.png", contentType: "image/png", isAvailable: true },
    { id: "doc_2", fileName: "statutes.pdf", contentType: "application/pdf", isAvailable: false },
  ],
  username: "amina",
  reviewerUsername: null,
};

const moderator = makeCurrentUser({ id: 7, username: "sam", isStaff: true, roles: ["user", "moderator"] });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderItem(user = moderator) {
  return renderWithApp(
    <Routes>
      <Route path="/admin/verifications/companies/:id" element={<AdminCompanyApplicationPage />} />
    </Routes>,
    { user, path: `/admin/verifications/companies/${application.id}` },
  );
}

describe("the company applications of the verification queue", () => {
  it("lists the open applications on their own tab", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => answer(200, { data: [application], meta: null })),
    );
    await renderWithApp(<AdminVerificationsPage />, { user: moderator, path: "/admin/verifications?kind=companies" });
    const row = await screen.findByTestId("company-queue-row");
    expect(row.textContent).toContain("Diallo Trading SARL");
    expect(row.textContent).toContain("amina");
    expect(row.textContent).toContain("SEN");
    expect(within(row).getByRole("link").getAttribute("href")).toBe("/admin/verifications/companies/app_abc123");
  });

  it("takes an application into review, then approves it", async () => {
    const posted: { path: string; body: unknown }[] = [];
    let current: Record<string, unknown> = application;
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async (input, init) => {
        const url = new URL(String(input), "http://souk.test");
        if (init?.method === "POST") {
          posted.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
          current = url.pathname.endsWith("/take")
            ? { ...application, status: "in_review", reviewerUsername: "sam" }
            : { ...application, status: "application_approved", reviewerUsername: "sam" };
        }
        return answer(200, { data: current, meta: null });
      }),
    );
    await renderItem();
    expect((await screen.findByTestId("review-field-legalEntityName")).textContent).toBe("Diallo Trading SARL");
    const image = within(screen.getByTestId("review-document-1")).getByRole("img");
    expect(image.getAttribute("src")).toBe("/rest/v1/moderation/company-applications/app_abc123/documents/doc_1");
    expect(screen.getByTestId("review-document-2").textContent).toContain("Removed after the retention period.");
    fireEvent.click(screen.getByTestId("review-take"));
    await waitFor(() => expect(screen.getByTestId("review-status").textContent).toBe("In review"));
    expect(screen.queryByTestId("review-take")).toBeNull();
    fireEvent.click(screen.getByTestId("review-approve"));
    await waitFor(() => expect(screen.getByTestId("review-status").textContent).toBe("Approved"));
    expect(posted).toEqual([
      { path: "/rest/v1/moderation/company-applications/app_abc123/take", body: {} },
      { path: "/rest/v1/moderation/company-applications/app_abc123/decision", body: { decision: "approve" } },
    ]);
  });

  it("offers nothing on one's own application or on one another moderator holds", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => answer(200, { data: application, meta: null })),
    );
    await renderItem(makeCurrentUser({ id: 9, username: "amina", isStaff: true, roles: ["user", "moderator"] }));
    expect((await screen.findByTestId("review-refusal")).textContent).toContain(
      "You cannot review your own application",
    );
    expect(screen.queryByTestId("review-approve")).toBeNull();
    cleanup();

    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        answer(200, { data: { ...application, status: "in_review", reviewerUsername: "lea" }, meta: null }),
      ),
    );
    await renderItem();
    expect((await screen.findByTestId("review-not-waiting")).textContent).toBe("lea is reviewing this application.");
    expect(screen.queryByTestId("review-approve")).toBeNull();
  });
});
