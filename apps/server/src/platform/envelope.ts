/** The success body: `{data, meta}`. Handlers build their answer with this and nothing else. */
export function envelope<Data, Meta = null>(data: Data, meta?: Meta): { data: Data; meta: Meta | null } {
  return { data, meta: meta ?? null };
}
