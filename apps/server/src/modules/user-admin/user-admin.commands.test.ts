import { describe, expect, it } from "vitest";
import { parseRestrictArgs } from "./user-admin.commands.ts";

describe("parseRestrictArgs", () => {
  it("reads the username, the kind, --until and --reason in any order", () => {
    expect(parseRestrictArgs(["alice", "frozen", "--reason", "Chargeback", "--until", "2030-01-01T00:00:00Z"])).toEqual(
      {
        username: "alice",
        kind: "frozen",
        until: "2030-01-01T00:00:00Z",
        reason: "Chargeback",
      },
    );
    expect(parseRestrictArgs(["--reason", "x y", "bob", "on_hold"])).toMatchObject({ username: "bob", until: null });
  });
  it("says what is wrong", () => {
    expect(parseRestrictArgs(["alice"])).toEqual({ problem: "give a username and a kind" });
    expect(parseRestrictArgs(["alice", "exiled"])).toMatchObject({ problem: expect.stringContaining("banned") });
    expect(parseRestrictArgs(["alice", "banned", "--until", "soon"])).toEqual({
      problem: "--until takes an ISO date and time",
    });
  });
});
