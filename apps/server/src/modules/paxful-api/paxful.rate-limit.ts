/**
 * Requests per API client (or per address without a token) in fixed one-minute windows, counted
 * in this process (docs/decisions/073-paxful-compatible-api.md#rate-limits).
 */
export class ClientRateLimiter {
  private readonly windows = new Map<string, { startedAtMs: number; count: number }>();

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Counts one request; answers what is left in the window, negative when over. */
  take(key: string, nowMs = Date.now()): { remaining: number; resetSeconds: number } {
    let window = this.windows.get(key);
    if (!window || nowMs - window.startedAtMs >= this.windowMs) {
      window = { startedAtMs: nowMs, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 100_000) this.sweep(nowMs);
    }
    window.count += 1;
    return {
      remaining: this.limit - window.count,
      resetSeconds: Math.ceil((window.startedAtMs + this.windowMs - nowMs) / 1000),
    };
  }

  private sweep(nowMs: number): void {
    for (const [key, window] of this.windows) if (nowMs - window.startedAtMs >= this.windowMs) this.windows.delete(key);
  }
}
