// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AdminCompanyApplicationPage } from "./admin-company-application-page.tsx";
import {
  data,
  moderator,
  moderatorNamed,
  renderQueue,
  renderReviewPage,
  setUpReviewPageTests,
  stubApi,
} from "./review-page-test-kit.tsx";

setUpReviewPageTests();

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

const renderItem = (user = moderator) =>
  renderReviewPage(
    <AdminCompanyApplicationPage />,
    { pattern: "/admin/verifications/companies/:id", path: `/admin/verifications/companies/${application.id}` },
    user,
  );

describe("the company applications of the verification queue", () => {
  it("lists the open applications on their own tab", async () => {
    stubApi(() => data([application]));
    await renderQueue("/admin/verifications?kind=companies");
    const row = await screen.findByTestId("company-queue-row");
    expect(row.textContent).toContain("Diallo Trading SARL");
    expect(row.textContent).toContain("amina");
    expect(row.textContent).toContain("SEN");
    expect(within(row).getByRole("link").getAttribute("href")).toBe("/admin/verifications/companies/app_abc123");
  });

  it("takes an application into review, then approves it", async () => {
    const posted: { path: string; body: unknown }[] = [];
    let current: Record<string, unknown> = application;
    stubApi(({ url, method, body }) => {
      if (method === "POST") {
        posted.push({ path: url.pathname, body });
        current = url.pathname.endsWith("/take")
          ? { ...application, status: "in_review", reviewerUsername: "sam" }
          : { ...application, status: "application_approved", reviewerUsername: "sam" };
      }
      return data(current);
    });
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
    stubApi(() => data(application));
    await renderItem(moderatorNamed("amina"));
    expect((await screen.findByTestId("review-refusal")).textContent).toContain(
      "You cannot review your own application",
    );
    expect(screen.queryByTestId("review-approve")).toBeNull();
    cleanup();

    stubApi(() => data({ ...application, status: "in_review", reviewerUsername: "lea" }));
    await renderItem();
    expect((await screen.findByTestId("review-not-waiting")).textContent).toBe("lea is reviewing this application.");
    expect(screen.queryByTestId("review-approve")).toBeNull();
  });
});
