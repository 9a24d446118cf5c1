import type { FeedbackRating, FeedbackType } from "@souk/contracts";

/** Feedback type is 'sell' from buyers and 'buy' from sellers (docs/product.md#feedback). */
export function feedbackTypeOf(authorRole: "buyer" | "seller"): FeedbackType {
  return authorRole === "buyer" ? "sell" : "buy";
}

/**
 * Feedback is given on a trade that finished with a result: released, or a dispute awarded to
 * either side. A cancelled or expired trade moved no money, and an open one has not ended.
 */
export function isRatable(trade: { isFinished: boolean; isVoided: boolean }): boolean {
  return trade.isFinished && !trade.isVoided;
}

/** How a new feedback moves the receiver's profile counts. */
export function countsDeltaOf(rating: FeedbackRating): { feedbackPositive: number; feedbackNegative: number } {
  return rating === "positive"
    ? { feedbackPositive: 1, feedbackNegative: 0 }
    : { feedbackPositive: 0, feedbackNegative: 1 };
}

/** The URL of the next page of a user's feedback list, keeping the filters; null on the last page. */
export function nextPageUrlOf(
  username: string,
  query: { page: number; perPage: number; type?: FeedbackType; rating?: FeedbackRating },
  lastPage: number,
): string | null {
  if (query.page >= lastPage) return null;
  const params = new URLSearchParams({ page: String(query.page + 1) });
  if (query.perPage !== 10) params.set("perPage", String(query.perPage));
  if (query.type) params.set("type", query.type);
  if (query.rating) params.set("rating", query.rating);
  return `/rest/v1/feedback/${encodeURIComponent(username)}?${params.toString()}`;
}
