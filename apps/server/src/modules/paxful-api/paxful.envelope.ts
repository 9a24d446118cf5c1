/** Paxful's reply envelope: `{status, timestamp, data}`; timestamps are unix seconds. */
function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function successBody(data: unknown) {
  return { status: "success" as const, timestamp: nowSeconds(), data };
}

/** The error sits under both `error` (older documents) and `data` (newer), so either reader finds it. */
export function errorBody(code: number, message: string) {
  const error = { code, message };
  return { status: "error" as const, timestamp: nowSeconds(), error, data: error };
}

/** Answers that are not JSON (trade-chat/image). */
export class BinaryAnswer {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
  ) {}
}
