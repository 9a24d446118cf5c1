import { describe, expect, it } from "vitest";
import { matchesIfNoneMatch, weakEtagOf } from "./response-compression.ts";

describe("ETags of reference data", () => {
  it("is weak and changes with the body", () => {
    expect(weakEtagOf("[1,2]")).toMatch(/^W\/"[\w-]+"$/);
    expect(weakEtagOf("[1,2]")).toBe(weakEtagOf(Buffer.from("[1,2]")));
    expect(weakEtagOf("[1,2]")).not.toBe(weakEtagOf("[1,3]"));
  });

  it("matches If-None-Match lists, weak or strong, and the wildcard", () => {
    const tag = weakEtagOf("body");
    const opaque = tag.slice(2);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(opaque, tag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch("*", tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"other"', tag)).toBe(false);
  });
});
