import fc from "fast-check";

/**
 * The malformed-input fuzz's hostile side: values that broke (or break) request handling
 * somewhere, and bodies no honest client sends. JSON text is written by hand here, because some of
 * these (1e309, -0, a `__proto__` key, 10,000-deep nesting) cannot come out of JSON.stringify.
 */

/** A piece of JSON text placed as is inside a generated body. */
export class RawJson {
  constructor(readonly text: string) {}
}

const TEN_MB = 10 * 1024 * 1024;
let tenMegabytes: string | null = null;
function hugeString(): string {
  tenMegabytes ??= "x".repeat(TEN_MB);
  return tenMegabytes;
}

/** Characters a database, a terminal or a log line chokes on. */
export const CONTROL_STRINGS: readonly string[] = [
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfff",
  "\u001b[31mred",
  "\u007f",
];

export const HOSTILE_STRINGS: readonly string[] = [
  ...CONTROL_STRINGS,
  "0010",
  "-0",
  "1e309",
  "-1",
  "1.5",
  "0x10",
  "NaN",
  "Infinity",
  "",
  " ",
  "__proto__",
  "constructor",
  "../../etc/passwd",
  "%00",
  "%ZZ",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "😀".repeat(50),
  "9".repeat(40),
  "9223372036854775808",
  "x".repeat(5_000),
];

/** Scalars and shapes of the wrong kind, including numbers JSON.stringify cannot write. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 2,
  new RawJson("1e309"),
  new RawJson("-1e309"),
  new RawJson("-0"),
  new RawJson("9223372036854775808"),
  new RawJson("1e-400"),
  [],
  {},
  [null],
  { a: { b: { c: [] } } },
  ...HOSTILE_STRINGS,
];

function nested(depth: number): string {
  return `${"[".repeat(depth)}1${"]".repeat(depth)}`;
}

/** Whole bodies: text and the content type it is sent with. */
export interface RawBody {
  text: string;
  contentType: string;
}

export const HOSTILE_BODIES: readonly (() => RawBody)[] = [
  () => ({ text: nested(10_000), contentType: "application/json" }),
  () => ({ text: `{"a":${nested(2_000)}}`, contentType: "application/json" }),
  () => ({ text: `{"message":"${hugeString()}"}`, contentType: "application/json" }),
  () => ({ text: '{"__proto__":{"isAdmin":true}}', contentType: "application/json" }),
  () => ({ text: '{"constructor":{"prototype":{"isAdmin":true}}}', contentType: "application/json" }),
  () => ({ text: "1e309", contentType: "application/json" }),
  () => ({ text: "-0", contentType: "application/json" }),
  () => ({ text: '"0010"', contentType: "application/json" }),
  () => ({ text: "null", contentType: "application/json" }),
  () => ({ text: "[]", contentType: "application/json" }),
  () => ({ text: '"\\u0000"', contentType: "application/json" }),
  () => ({ text: '{"a":"\\ud800"}', contentType: "application/json" }),
  () => ({ text: '{"a":', contentType: "application/json" }),
  () => ({ text: "", contentType: "application/json" }),
  () => ({ text: `[${Array(20_000).fill("0").join(",")}]`, contentType: "application/json" }),
  () => ({ text: "a=1&b=2", contentType: "application/x-www-form-urlencoded" }),
  () => ({ text: "plain words", contentType: "text/plain" }),
  () => ({
    text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
    contentType: "multipart/form-data",
  }),
  () => ({ text: '{"a":1}', contentType: "application/json; charset=utf-16" }),
];

/** JSON text of a generated value, with RawJson pieces written as they are. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([key, inner]) => `${JSON.stringify(key)}:${jsonText(inner)}`,
    );
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export const hostileValue = fc.constantFrom(...HOSTILE_VALUES);
/** Half of the picks are control characters: they reach the most code (every text column). */
export const hostileString = fc.oneof(fc.constantFrom(...CONTROL_STRINGS), fc.constantFrom(...HOSTILE_STRINGS));

/** A copy of `value` with every string in it (keys kept) replaced by `text`. */
export function withEveryString(value: unknown, text: string): unknown {
  if (typeof value === "string") return text;
  if (Array.isArray(value)) return value.map((item) => withEveryString(item, text));
  if (value !== null && typeof value === "object" && !(value instanceof RawJson)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, withEveryString(inner, text)]),
    );
  }
  return value;
}
export const hostileBody = fc.constantFrom(...HOSTILE_BODIES).map((make) => make());

/**
 * A well-formed value with one place spoiled: a field replaced by a hostile value, a hostile key
 * added (`__proto__` among them), or the whole value swapped for one.
 */
export function spoiled(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, hostileValue, hostileString, fc.nat(), fc.constantFrom("replace", "add", "swap", "proto"))
    .map(([value, hostile, key, pick, how]) => {
      if (how === "swap" || value === null || typeof value !== "object" || Array.isArray(value)) return hostile;
      const copy = { ...(value as Record<string, unknown>) };
      const keys = Object.keys(copy);
      if (how === "replace" && keys.length > 0) copy[keys[pick % keys.length] ?? ""] = hostile;
      else if (how === "proto") {
        const rest = jsonText(copy).slice(1, -1);
        return new RawJson(`{"__proto__":${jsonText(hostile)}${rest ? `,${rest}` : ""}}`);
      } else copy[key] = hostile;
      return copy;
    });
}
