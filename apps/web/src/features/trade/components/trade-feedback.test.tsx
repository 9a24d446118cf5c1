// @vitest-environment happy-dom
import type { TradeFeedback as TradeFeedbackView } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { makeCurrentUser, renderWithApp } from "../../../test-utils/render-app.tsx";
import { TradeFeedback } from "./trade-feedback.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

// The message's autosizing textarea listens for font loads; happy-dom has no document.fonts.
beforeAll(() => {
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const before: TradeFeedbackView = {
  tradeId: "T1abc",
  canGive: true,
  canReply: false,
  type: "sell",
  given: null,
  received: null,
};

/** What the server answers to a give (its int test parses the answer with the same contract schema). */
const afterGiving: TradeFeedbackView = {
  ...before,
  canGive: false,
  given: {
    id: 7,
    tradeId: "T1abc",
    type: "sell",
    rating: "positive",
    message: "Fast and friendly",
    reply: null,
    repliedAt: null,
    author: { username: "bob", avatarUrl: null },
    receiver: { username: "alice" },
    createdAt: "2026-11-21T10:30:00.000Z",
  },
};

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

describe("TradeFeedback", () => {
  it("takes the server's answer to a give as it is, and shows the feedback given", async () => {
    const fetchStub = vi.fn<typeof fetch>(async (_input, init) =>
      init?.method === "POST" ? json({ data: afterGiving, meta: null }) : json({ data: before, meta: null }),
    );
    vi.stubGlobal("fetch", fetchStub);
    await renderWithApp(<TradeFeedback tradeId="T1abc" partner="alice" />, { user: makeCurrentUser() });

    fireEvent.change(await screen.findByLabelText("Your feedback"), { target: { value: "Fast and friendly" } });
    fireEvent.click(screen.getByRole("button", { name: "Send feedback" }));

    await waitFor(() => expect(screen.getByTestId("feedback-card").textContent).toContain("Fast and friendly"));
    expect(screen.queryByRole("button", { name: "Send feedback" })).toBeNull();
    expect(await screen.findByText("Thanks, your feedback was sent.")).toBeTruthy();
  });
});
