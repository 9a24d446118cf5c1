/**
 * Keys are camelCase. A request may use snake_case (or the kebab-case of query keys such as
 * `fiat-min`); `keyCase=snake_case` asks for snake_case keys in the answer.
 */
export function toCamelKey(key: string): string {
  return key.includes("_") || key.includes("-")
    ? key.replace(/[_-]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase())
    : key;
}

const CAMEL_SHAPE = /^[a-z][a-zA-Z0-9]*$/;

export function toSnakeKey(key: string): string {
  // Only camelCase keys change; codes used as keys ("BTC", "USD") stay as they are.
  return CAMEL_SHAPE.test(key) ? key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase() : key;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function transformKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => transformKeys(item, rename));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[rename(key)] = transformKeys(inner, rename);
  return out;
}
