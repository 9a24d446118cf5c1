import { describe, expect, it } from "vitest";
import { DomainError } from "./errors.ts";
import { assertAcceptableInput, findInputProblem, hasForbiddenCharacter } from "./input-guard.ts";
import { toCamelKey, toSnakeKey, transformKeys } from "./key-case.ts";

function nestedArrays(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

describe("the one rule for strings of a request", () => {
  it("refuses NUL, other C0 controls, DEL and lone surrogates", () => {
    for (const text of ["a\u0000b", "\u0001", "\u001b[31m", "\u007f", "\ud800", "x\udc00", "\udc00\ud800"]) {
      expect(hasForbiddenCharacter(text), JSON.stringify(text)).toBe(true);
    }
  });

  it("takes tabs, line breaks, paired surrogates and any other script", () => {
    for (const text of ["line one\nline two\r\n\tindented", "😀", "Zoë", "مرحبا", "日本語", ""]) {
      expect(hasForbiddenCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("names the field a control character sits in, in the API's camelCase", () => {
    expect(findInputProblem({ message: "a\u0000b" })).toEqual({ kind: "forbidden_character", field: "message" });
    expect(findInputProblem({ offer_cap: { amount: "1\u0000" } })).toEqual({
      kind: "forbidden_character",
      field: "offerCap.amount",
    });
    expect(findInputProblem({ tags: ["ok", "b\u0007d"] })).toEqual({ kind: "forbidden_character", field: "tags.1" });
    expect(findInputProblem({ "bad\u0000key": 1 })).toEqual({ kind: "forbidden_character", field: "" });
  });

  it("walks the router's and the query parser's objects, whose prototypes are not Object's", () => {
    const params = Object.create(Object.create(null)) as Record<string, unknown>;
    params.username = "a\u0000b";
    expect(findInputProblem(params)).toEqual({ kind: "forbidden_character", field: "username" });
    const query = Object.assign(Object.create(null), { code: ["ok", "\u0000"] });
    expect(findInputProblem(query)).toEqual({ kind: "forbidden_character", field: "code.1" });
  });

  it("refuses a __proto__ key wherever it is", () => {
    const body = JSON.parse('{"settings": {"__proto__": {"isAdmin": true}}}');
    expect(findInputProblem(body)).toEqual({ kind: "forbidden_key", field: "settings.__proto__" });
    expect(findInputProblem(JSON.parse('{"__proto__": 1}'))).toEqual({ kind: "forbidden_key", field: "__proto__" });
  });

  it("answers 422 with the field, and the whole part's name for a bare value", () => {
    const refusal = (() => {
      try {
        assertAcceptableInput({ params: { username: "a\u0000b" } });
      } catch (error) {
        return error as DomainError;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal?.kind).toBe("validation");
    expect(refusal?.details).toEqual({ username: ["control_character"] });
  });
});

describe("bounds before any walk", () => {
  it("refuses nesting past the bound without recursing, however deep", () => {
    expect(findInputProblem(nestedArrays(17))).toEqual({ kind: "too_deep" });
    expect(findInputProblem(nestedArrays(200_000))).toEqual({ kind: "too_deep" });
    expect(findInputProblem(nestedArrays(16))).toBeNull();
  });

  it("refuses more values than the bound as too large", () => {
    expect(findInputProblem({ items: Array(5_000).fill(0) })).toEqual({ kind: "too_many_values" });
    expect(findInputProblem({ items: Array(4_000).fill(0) })).toBeNull();
    try {
      assertAcceptableInput({ body: Array(10_000).fill("x") });
      expect.unreachable();
    } catch (error) {
      expect((error as DomainError).kind).toBe("payload_too_large");
    }
  });
});

describe("key casing", () => {
  it("renames keys at any depth without recursing", () => {
    const deep = nestedArrays(100_000);
    expect(() => transformKeys({ a_b: deep }, toCamelKey)).not.toThrow();
    expect(transformKeys({ fiat_amount: "1", nested_list: [{ inner_key: true }] }, toCamelKey)).toEqual({
      fiatAmount: "1",
      nestedList: [{ innerKey: true }],
    });
    expect(transformKeys({ fiatAmount: "1", byCode: { BTC: "2" } }, toSnakeKey)).toEqual({
      fiat_amount: "1",
      by_code: { BTC: "2" },
    });
  });

  it("keeps a __proto__ key an ordinary key of the copy, never its prototype", () => {
    const copy = transformKeys(JSON.parse('{"__proto__": {"polluted": true}}'), (key) => key) as Record<
      string,
      unknown
    >;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
