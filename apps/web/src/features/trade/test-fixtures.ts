import type { Trade } from "@souk/contracts";
import { vi } from "vitest";

/** Test data and a routed fetch for the trade feature's component tests. */

const party = { avatarUrl: null, countryIso: null, isIdVerified: false, completedTrades: 3, lastSeenAt: null };

export const noActions: Trade["actions"] = {
  canMarkPaid: false,
  canRelease: false,
  canCancel: false,
  canDispute: false,
  canResolveDispute: false,
  canAppeal: false,
};

export const noDispute: Trade["dispute"] = {
  available: false,
  availableAt: null,
  openedAt: null,
  openedBy: null,
  reasonId: null,
  reasonText: null,
  resolvedAt: null,
  outcome: null,
  note: null,
  appeal: { status: "not_available", availableUntil: null, appealedAt: null },
};

/** A paid trade seen by its seller, who may release; overrides change what a test needs. */
export function makeTrade(overrides: Partial<Trade> = {}): Trade {
  const step = { isReached: true, isCompleted: true };
  return {
    id: "T1abc",
    chatUrl: "/trade/T1abc",
    startedAt: "2026-11-21T10:00:00.000Z",
    expiresAt: { timestamp: 1_900_000_000 },
    paidAt: null,
    completedAt: null,
    cancelledAt: null,
    offer: { id: "O1", url: "/offer/O1", type: "sell", flowType: "default" },
    isVendor: true,
    viewerRole: "seller",
    side: "sold",
    buyer: { username: "bob", ...party },
    seller: { username: "alice", ...party },
    status: "paid",
    tradeCompleted: false,
    isFinished: false,
    paymentMethod: { id: 1, slug: "wise", name: { original: "Wise", localized: "Wise" } },
    paymentDetails: { offerTerms: "", instructions: null, bankAccounts: [], isRevealed: true, payerName: null },
    cryptoAmount: { amount: "0.00150000", currencyCode: "BTC", decimals: 8 },
    feeAmount: "0.00001500",
    feePercent: "1",
    fiatAmount: "150.00",
    currency: { code: "USD", name: "US Dollar", rate: { usd: "1" }, order: 1, defaultAmount: "100" },
    fiatPricePerCrypto: "100000.00",
    cryptoCurrencyId: 1,
    cryptoCurrencyCode: "BTC",
    paymentWindowMinutes: 30,
    isOpponentsSameIp: false,
    dispute: noDispute,
    flow: {
      type: "default",
      isFallback: false,
      step: "before_mark_as_paid",
      state: { beforeRevealPaymentDetails: step, beforeMarkAsPaid: step },
      requirements: [],
    },
    actions: { ...noActions, canRelease: true },
    lastEventSeq: 3,
    ...overrides,
  };
}

export function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** The spec's error envelope: `{errors: {message, code, details}}`. */
export function errorAnswer(
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> | null = null,
): Response {
  return jsonAnswer(status, { errors: { message, code, details } });
}

interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Parsed JSON, or the FormData of a multipart call. */
  body: unknown;
}

type Route = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that answers `"METHOD /path"` routes (query left out) and keeps the calls it saw. */
export function createFetchStub(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), "http://souk.test");
    const method = init?.method ?? "GET";
    const raw = init?.body;
    const body = raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined;
    const call: RecordedCall = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    return route ? route(call) : errorAnswer(404, "ERROR_NOT_FOUND", "Not found");
  });
  return { fetchStub, calls };
}
