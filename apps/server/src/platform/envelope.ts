import { errorBodySchema } from "@souk/contracts";

/**
 * The success body: `{data, meta}`. Handlers build their answer with this and nothing else.
 * Without a meta the answer carries `meta: null`; with one, its type flows to the response schema.
 */
export function envelope<Data>(data: Data): { data: Data; meta: null };
export function envelope<Data, Meta>(data: Data, meta: Meta): { data: Data; meta: Meta };
export function envelope<Data, Meta>(data: Data, meta?: Meta): { data: Data; meta: Meta | null } {
  return { data, meta: meta ?? null };
}

/** The refusals a route's response schema documents: every error answer has the same envelope. */
export const refusals = {
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
