import { describe, expect, it } from "vitest";
import { ADDRESS_FAILURE_FACTOR, throttleKeys, throttleRefusal } from "./auth.domain.ts";

describe("log-in throttle keys", () => {
  it("keys a known account by its id, whichever login named it", () => {
    const byName = throttleKeys({ accountId: 7, login: "Alice", ip: "10.0.0.1" });
    const byEmail = throttleKeys({ accountId: 7, login: "alice@example.com", ip: "10.0.0.2" });
    expect(byName.accountKey).toBe("account:7");
    expect(byEmail.accountKey).toBe(byName.accountKey);
    expect(byName.addressKey).toBe("address:10.0.0.1");
  });

  it("keys a login that names no account by what was typed, case-insensitively", () => {
    expect(throttleKeys({ accountId: null, login: "NoBody", ip: null })).toEqual({
      accountKey: "login:nobody",
      addressKey: null,
    });
  });
});

describe("log-in throttle verdict", () => {
  const keys = { accountKey: "account:7", addressKey: "address:10.0.0.1" };

  it("lets the attempts up to the limit be checked and refuses the next one", () => {
    expect(throttleRefusal([{ key: "account:7", failures: 10, retryAfter: 600 }], keys, 10)).toBeNull();
    expect(throttleRefusal([{ key: "account:7", failures: 11, retryAfter: 600 }], keys, 10)).toBe(600);
  });

  it("gives an address five times the account's limit", () => {
    const atLimit = { key: "address:10.0.0.1", failures: 10 * ADDRESS_FAILURE_FACTOR, retryAfter: 30 };
    expect(throttleRefusal([atLimit], keys, 10)).toBeNull();
    expect(throttleRefusal([{ ...atLimit, failures: atLimit.failures + 1 }], keys, 10)).toBe(30);
  });

  it("waits for the later of two windows, and at least a second", () => {
    const counts = [
      { key: "account:7", failures: 11, retryAfter: 0 },
      { key: "address:10.0.0.1", failures: 51, retryAfter: 120 },
    ];
    expect(throttleRefusal(counts, keys, 10)).toBe(120);
    expect(throttleRefusal([{ key: "account:7", failures: 11, retryAfter: 0 }], keys, 10)).toBe(1);
  });
});
