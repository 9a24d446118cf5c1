// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TAB_ALERT_INTERVAL_MS, useTabAlert } from "./use-tab-alert.ts";

beforeEach(() => {
  vi.useFakeTimers();
  document.title = "Trade · Souk";
});
afterEach(() => vi.useRealTimers());

describe("useTabAlert", () => {
  it("alternates the title every 3000 ms and stops after 3 cycles while visible", () => {
    const { result } = renderHook(() => useTabAlert("New trade activity"));
    act(() => result.current());
    act(() => vi.advanceTimersByTime(TAB_ALERT_INTERVAL_MS));
    expect(document.title).toBe("New trade activity");
    act(() => vi.advanceTimersByTime(TAB_ALERT_INTERVAL_MS));
    expect(document.title).toBe("Trade · Souk");
    act(() => vi.advanceTimersByTime(TAB_ALERT_INTERVAL_MS * 4));
    expect(document.title).toBe("Trade · Souk");
    act(() => vi.advanceTimersByTime(TAB_ALERT_INTERVAL_MS * 3));
    expect(document.title).toBe("Trade · Souk");
  });

  it("stops on focus", () => {
    const { result } = renderHook(() => useTabAlert("New trade activity"));
    act(() => result.current());
    act(() => vi.advanceTimersByTime(TAB_ALERT_INTERVAL_MS));
    expect(document.title).toBe("New trade activity");
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(document.title).toBe("Trade · Souk");
    act(() => vi.advanceTimersByTime(TAB_ALERT_INTERVAL_MS));
    expect(document.title).toBe("Trade · Souk");
  });
});
