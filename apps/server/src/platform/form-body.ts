import type { FastifyInstance } from "fastify";

/**
 * Form bodies as programs really send them. Besides proper `application/x-www-form-urlencoded`,
 * the Paxful SDK joins its (alphabetically sorted) fields without encoding them, so a body can
 * hold literal spaces, raw UTF-8 and even `&`, `=`, `+` or `%` inside a value; it nests objects as
 * `a[b]=` and arrays as `a[0]=`, and may be empty. A strict parser would split such a value or
 * turn its `+` into a space. See docs/decisions/073-paxful-compatible-api.md#form-bodies.
 */

/** A pair starts with a key of these characters (and bracketed parts), then `=`. */
const KEY_START = /^([A-Za-z0-9_.%-]+(?:\[[A-Za-z0-9_.%-]*\])*)=/;
/** Characters a percent-encoding client never leaves bare: their presence marks a raw body. */
const RAW_MARKERS = /[ \u0080-\uffff"<>\\^`{|}]/;
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_DEPTH = 5;

type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

function decodeEncoded(text: string): string {
  const spaced = text.replaceAll("+", " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A bare % that starts no escape: the text is kept as it came.
    return spaced;
  }
}

/** Splits on `&`, gluing back pieces that cannot start a pair (an `&` that was inside a value). */
function splitPairs(body: string, isRaw: boolean): { key: string; value: string }[] {
  const pairs: { key: string; value: string }[] = [];
  for (const piece of body.split("&")) {
    const match = KEY_START.exec(piece);
    const previous = pairs.at(-1);
    // In a raw body the SDK sorted its keys: a "key" that sorts before the previous one is part
    // of the previous value (`terms=cash & card=ok` stays one value).
    const isInsideValue =
      previous !== undefined && (!match || (isRaw && match[1] !== undefined && match[1] < previous.key));
    if (isInsideValue) {
      previous.value += `&${piece}`;
    } else if (match?.[1] !== undefined) {
      pairs.push({ key: match[1], value: piece.slice(match[0].length) });
    } else if (piece.length > 0) {
      pairs.push({ key: piece, value: "" });
    }
  }
  return pairs;
}

/** `a[b][0]` → ["a", "b", "0"]; `a[]` appends. */
function keyPath(key: string): string[] {
  const first = key.indexOf("[");
  if (first <= 0) return [key];
  const path = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? "");
  return path.slice(0, MAX_DEPTH + 1);
}

function assign(target: FormObject, path: string[], value: string): void {
  if (path.some((part) => UNSAFE_KEYS.has(part))) return;
  let node = target;
  for (let i = 0; i < path.length - 1; i += 1) {
    const part = path[i] as string;
    const next = node[part];
    if (typeof next !== "object" || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as FormObject;
  }
  const last = path.at(-1) as string;
  node[last === "" ? String(Object.keys(node).length) : last] = value;
}

/** Objects keyed 0..n-1 become arrays, as `a[0]=x&a[1]=y` means a list. */
function withArrays(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((key) => [key, withArrays(value[key] as FormValue)] as const);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  if (isList) return entries.map(([, inner]) => inner);
  const out: FormObject = {};
  for (const [key, inner] of entries) out[key] = inner;
  return out;
}

/** Reads a form body (or query string) into nested fields; an empty body is an empty object. */
export function parseFormBody(body: string): FormObject {
  const text = body.replace(/^\?/, "").replace(/\r?\n$/, "");
  if (text.trim() === "") return {};
  const isRaw = RAW_MARKERS.test(text);
  const out: FormObject = {};
  for (const { key, value } of splitPairs(text, isRaw)) {
    const decodedKey = isRaw ? key : decodeEncoded(key);
    assign(out, keyPath(decodedKey), isRaw ? value : decodeEncoded(value));
  }
  return withArrays(out) as FormObject;
}

/**
 * Lets `scope` read form bodies (and plain-text bodies, which older form clients send) with
 * parseFormBody. Register it in the scope of the routes that take forms: the rest of the API takes JSON.
 */
export function acceptFormBodies(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser("text/plain")) scope.removeContentTypeParser("text/plain");
  scope.addContentTypeParser(
    ["application/x-www-form-urlencoded", "text/plain"],
    { parseAs: "string" },
    (_request, body, done) => done(null, parseFormBody(String(body))),
  );
}
