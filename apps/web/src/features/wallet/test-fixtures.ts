import type { CryptoCurrencyView, WalletSendInfo } from "@souk/contracts";
import { vi } from "vitest";
import { btcCurrency } from "../../test-utils/fixtures.ts";

/**
 * Test helpers of the wallet feature: reference data as the server sends it (Bitcoin is the shared
 * fixture), and a fetch stand-in that answers by method and path and records every call.
 */

export const usdt: CryptoCurrencyView = {
  ...btcCurrency,
  id: 3,
  code: "USDT",
  urlParam: "tether",
  fullName: "Tether",
  rate: "1.0002",
  icon: "usdt",
  shortName: "USDT",
  isStablecoin: true,
  precision: 6,
  maxPrecision: 6,
};

export const btcSendInfo: WalletSendInfo = {
  cryptoCurrencyCode: "BTC",
  balance: "0.25000000",
  networkFee: "0.00002000",
  minWithdrawal: "0.00010000",
  dailyLimit: "0.50000000",
  sentToday: "0.00000000",
  remainingToday: "0.50000000",
  maxWithdrawal: "0.24998000",
  isWithdrawalSupported: true,
};

export function jsonAnswer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export function errorAnswer(status: number, code: string, details: Record<string, unknown> | null = null): Response {
  return jsonAnswer(status, { errors: { message: code, code, details } });
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type Route = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that answers `"METHOD /path"` routes (query left out) and keeps the calls it saw. */
export function createFetchStub(routes: Record<string, Route | Route[]>) {
  const calls: RecordedCall[] = [];
  const served = new Map<string, number>();
  const fetchStub = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), "http://souk.test");
    const method = init?.method ?? "GET";
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const route = routes[key];
    if (!route) return errorAnswer(404, "ERROR_NOT_FOUND");
    if (Array.isArray(route)) {
      const index = served.get(key) ?? 0;
      served.set(key, index + 1);
      const next = route[Math.min(index, route.length - 1)];
      if (!next) return errorAnswer(404, "ERROR_NOT_FOUND");
      return next(call);
    }
    return route(call);
  });
  return { fetchStub, calls };
}
