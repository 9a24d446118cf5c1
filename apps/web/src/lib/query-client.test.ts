import { describe, expect, it } from "vitest";
import { LISTING_QUERY_KEY_ROOT } from "./listing-query-key.ts";
import { createQueryClient } from "./query-client.ts";

describe("the query client", () => {
  it("marks every cached marketplace page stale when any change succeeds", async () => {
    const client = createQueryClient();
    const page = [...LISTING_QUERY_KEY_ROOT, { type: "buy" }];
    client.setQueryData(page, { offers: [] });
    client.setQueryData(["wallet"], { balances: [] });
    expect(client.getQueryState(page)?.isInvalidated).toBe(false);

    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => "done" })
      .execute(undefined);

    expect(client.getQueryState(page)?.isInvalidated).toBe(true);
    expect(client.getQueryState(["wallet"])?.isInvalidated).toBe(false);
  });

  it("leaves the pages alone when a change fails", async () => {
    const client = createQueryClient();
    const page = [...LISTING_QUERY_KEY_ROOT, { type: "sell" }];
    client.setQueryData(page, { offers: [] });
    const failing = client.getMutationCache().build(client, {
      mutationFn: async () => {
        throw new Error("refused");
      },
    });
    await expect(failing.execute(undefined)).rejects.toThrow("refused");
    expect(client.getQueryState(page)?.isInvalidated).toBe(false);
  });
});
