// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeCurrentUser } from "../../../test-utils/render-app.tsx";
import { countryOf, payloadLines } from "../components/review-item-format.ts";
import { AdminVerificationPage } from "./admin-verification-page.tsx";
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

const submission = {
  id: "sub_abc123",
  type: "id",
  status: "uploaded",
  reason: null,
  provider: "manual",
  missing: [],
  documents: [
    { id: "doc_front1", side: "front", contentType: "image/png" },
    { id: "doc_back11", side: "back", contentType: "image/png" },
    { id: "doc_selfie", side: "selfie", contentType: "image/png" },
  ],
  createdAt: "2026-03-01T10:00:00.000Z",
  decidedAt: null,
  username: "ada",
  payload: {
    issueCountryIso3: "USA",
    documentType: "passport",
    firstNameOriginal: "Ada",
    middleNameOriginal: "",
    lastNameOriginal: "Lovelace",
    documentNumber: "X1234567",
  },
};

const renderItem = (user = moderator) =>
  renderReviewPage(
    <AdminVerificationPage />,
    { pattern: "/admin/verifications/:id", path: `/admin/verifications/${submission.id}` },
    user,
  );

describe("the payload's lines", () => {
  it("reads the country of an ID or an address and skips empty fields", () => {
    expect(countryOf(submission)).toBe("USA");
    expect(countryOf({ payload: { countryIso3: "FRA", cityName: "Lyon" } })).toBe("FRA");
    expect(countryOf({ payload: {} })).toBe("");
    expect(payloadLines(submission).map((line) => line.field)).toEqual([
      "issueCountryIso3",
      "documentType",
      "firstNameOriginal",
      "lastNameOriginal",
      "documentNumber",
    ]);
  });
});

describe("the verification queue", () => {
  it("refuses a plain user and asks for nothing", async () => {
    const fetchStub = stubApi(() => ({ status: 500, body: {} }));
    await renderItem(makeCurrentUser());
    expect(screen.getByTestId("admin-area-not-allowed").textContent).toContain("For staff only");
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it("lists what waits with its type, user and country", async () => {
    const asked: string[] = [];
    stubApi(({ url }) => {
      asked.push(`${url.pathname}?status=${url.searchParams.get("status")}`);
      return data([submission]);
    });
    await renderQueue("/admin/verifications");
    const row = await screen.findByTestId("verification-queue-row");
    expect(row.textContent).toContain("Identity document");
    expect(row.textContent).toContain("ada");
    expect(row.textContent).toContain("USA");
    expect(within(row).getByRole("link").getAttribute("href")).toBe("/admin/verifications/sub_abc123");
    expect(asked).toContain("/rest/v1/admin/verifications?status=uploaded");
  });

  it("shows the documents through the staff route, and a rejection needs a reason the server receives", async () => {
    const posted: { path: string; body: unknown }[] = [];
    stubApi(({ url, method, body }) => {
      if (method !== "POST") return data(submission);
      posted.push({ path: url.pathname, body });
      return data({ ...submission, status: "rejected", reason: "Blurred" });
    });
    await renderItem();
    expect((await screen.findByTestId("review-field-documentType")).textContent).toBe("Passport");
    const front = within(screen.getByTestId("review-document-front")).getByRole("img");
    expect(front.getAttribute("src")).toBe("/rest/v1/admin/verifications/sub_abc123/documents/doc_front1");
    const reject = screen.getByTestId("review-reject");
    expect(reject.hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByTestId("review-reason"), { target: { value: "  Blurred  " } });
    fireEvent.click(reject);
    await waitFor(() => expect(screen.getByTestId("review-status").textContent).toBe("Rejected"));
    expect(posted).toEqual([{ path: "/rest/v1/admin/verifications/sub_abc123/reject", body: { reason: "Blurred" } }]);
    expect(screen.getByTestId("review-not-waiting")).toBeTruthy();
  });

  it("says in words why the server refused, and offers nothing on one's own submission", async () => {
    stubApi(({ method }) =>
      method === "POST"
        ? {
            status: 409,
            body: {
              errors: { message: "No.", code: "ERROR_VERIFICATION_WRONG_STATE", details: { status: "approved" } },
            },
          }
        : data(submission),
    );
    await renderItem();
    fireEvent.click(await screen.findByTestId("review-approve"));
    expect((await screen.findByTestId("review-refusal")).textContent).toBe(
      "This submission was decided already or is not complete yet.",
    );
    cleanup();

    await renderItem(moderatorNamed("ada"));
    expect((await screen.findByTestId("review-refusal")).textContent).toContain(
      "You cannot review your own verification",
    );
    expect(screen.queryByTestId("review-approve")).toBeNull();
  });
});
