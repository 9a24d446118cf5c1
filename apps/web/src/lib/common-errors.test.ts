import { describe, expect, it, vi } from "vitest";
import { createCommonErrorsStore } from "./common-errors.ts";

describe("global error modal state", () => {
  it("stays open until every request that opened it has closed it", () => {
    const store = createCommonErrorsStore();
    const listener = vi.fn();
    store.subscribe(listener);

    store.show("ledger_busy");
    store.show("ledger_busy");
    store.hide("ledger_busy");
    expect(store.getSnapshot()).toEqual({ isOpen: true, reason: "ledger_busy" });

    store.hide("ledger_busy");
    expect(store.getSnapshot()).toEqual({ isOpen: false, reason: null });
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
