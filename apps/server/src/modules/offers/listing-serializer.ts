/**
 * The listing answers many times a second with up to 50 items of about 60 fields. Encoding them
 * through the zod response schema cost 4-5 times JSON.stringify
 * (docs/decisions/065-listing-query-performance.md), so this route writes
 * its answer with JSON.stringify. The zod schema stays on the route for the OpenAPI document, and
 * the API tests parse every listing answer with it, so the shape is still held to the contract.
 * A page served from the listing cache is the same array each time: its text is kept with it.
 */
const texts = new WeakMap<object, { meta: unknown; text: string }>();

export function listingSerializer(): (payload: unknown) => string {
  return (payload) => {
    const body = payload as { data?: unknown; meta?: unknown } | null;
    const data = body && typeof body === "object" && typeof body.data === "object" ? body.data : null;
    if (data === null) return JSON.stringify(payload);
    const known = texts.get(data);
    if (known && known.meta === body?.meta) return known.text;
    const text = JSON.stringify(payload);
    texts.set(data, { meta: body?.meta, text });
    return text;
  };
}
