// @vitest-environment happy-dom
import { userFeedbackResponseSchema, userMedalsResponseSchema } from "@souk/contracts";
import { cleanup, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse } from "../../../test-utils/fixtures.ts";
import { renderWithApp } from "../../../test-utils/render-app.tsx";
import { FeedbackFeed } from "./feedback-feed.tsx";
import { MedalsList } from "./medals-list.tsx";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

function feedbackItem(id: number, rating: "positive" | "negative") {
  return {
    id,
    tradeId: `trade${id}`,
    type: "sell",
    rating,
    message: `${rating} feedback ${id}`,
    reply: id === 1 ? "Thanks!" : null,
    repliedAt: id === 1 ? "2026-11-02T10:00:00.000Z" : null,
    author: { username: `buyer${id}`, avatarUrl: null },
    receiver: { username: "erin" },
    createdAt: "2026-11-01T10:00:00.000Z",
  };
}

/** The server's pages: 12 feedbacks (page size 10), 2 of them negative. */
function feedbackAnswer(url: URL) {
  const rating = url.searchParams.get("rating");
  const page = Number(url.searchParams.get("page") ?? "1");
  const all = Array.from({ length: 12 }, (_, index) =>
    feedbackItem(index + 1, index % 6 === 5 ? "negative" : "positive"),
  );
  const matching = rating ? all.filter((item) => item.rating === rating) : all;
  const lastPage = Math.max(1, Math.ceil(matching.length / 10));
  return {
    data: matching.slice((page - 1) * 10, page * 10),
    meta: {
      total: matching.length,
      currentPage: page,
      perPage: 10,
      lastPage,
      positive: 10,
      negative: 2,
      nextPageUrl: null,
    },
  };
}

const medals = [
  { code: "trades_10", awardedAt: "2026-11-01T10:00:00.000Z" },
  { code: "first_year_signup", awardedAt: "2026-11-01T10:00:00.000Z" },
];

const fetchMock = vi.fn<typeof fetch>();
const requested = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost"));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/rest/v1/users/erin/feedback") return jsonResponse(200, feedbackAnswer(url));
    if (url.pathname === "/rest/v1/users/erin/medals") return jsonResponse(200, { data: medals, meta: null });
    return jsonResponse(404, { errors: { message: "No such user.", code: "ERROR_USER_NOT_FOUND", details: null } });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("FeedbackFeed", () => {
  it("uses answers the contracts accept", () => {
    expect(userFeedbackResponseSchema.safeParse(feedbackAnswer(new URL("http://localhost/?page=1"))).success).toBe(
      true,
    );
    expect(userMedalsResponseSchema.safeParse({ data: medals, meta: null }).success).toBe(true);
  });

  it("shows ten, then the rest on Show more, and no button after the last page", async () => {
    await renderWithApp(<FeedbackFeed username="erin" />);
    await waitFor(() => expect(screen.getAllByTestId("feedback-item")).toHaveLength(10));
    expect(screen.getByTestId("feedback-summary").textContent).toBe("10 positive, 2 negative");
    expect(screen.getByText(/Reply from erin/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show more feedback" }));
    await waitFor(() => expect(screen.getAllByTestId("feedback-item")).toHaveLength(12));
    expect(screen.queryByRole("button", { name: "Show more feedback" })).toBeNull();
    expect(requested().map((url) => url.searchParams.get("page"))).toEqual(["1", "2"]);
  });

  it("asks the server for negative feedback only when filtered, and says so when there is none", async () => {
    await renderWithApp(<FeedbackFeed username="erin" />);
    await waitFor(() => expect(screen.getAllByTestId("feedback-item")).toHaveLength(10));
    fireEvent.click(screen.getByRole("radio", { name: "Negative" }));
    await waitFor(() => expect(screen.getAllByTestId("feedback-item")).toHaveLength(2));
    expect(screen.getByText("negative feedback 6")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more feedback" })).toBeNull();
    expect(requested().at(-1)?.searchParams.get("rating")).toBe("negative");
  });

  it("speaks French", async () => {
    await renderWithApp(<FeedbackFeed username="erin" />, { locale: "fr" });
    expect(await screen.findByRole("button", { name: "Afficher plus d’avis" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Négatifs" })).toBeTruthy();
  });
});

describe("MedalsList", () => {
  it("names each medal in the visitor's language", async () => {
    await renderWithApp(<MedalsList username="erin" />);
    expect(await screen.findByText("10 trades")).toBeTruthy();
    expect(screen.getByText("First-year member")).toBeTruthy();
    cleanup();
    await renderWithApp(<MedalsList username="erin" />, { locale: "fr" });
    expect(await screen.findByText("10 échanges")).toBeTruthy();
  });
});
