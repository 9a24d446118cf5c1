/**
 * The listing answers many times a second with up to 50 items of about 60 fields. Encoding them
 * through the zod response schema cost about a third of the route's time (measured with the
 * offers bench, see DECISIONS.md), so this route writes its answer with JSON.stringify. The zod
 * schema stays on the route for validation-free documentation (OpenAPI), and the API tests parse
 * every listing answer with it, so the shape is still held to the contract.
 */
export function listingSerializer(): (data: unknown) => string {
  return (data) => JSON.stringify(data);
}
