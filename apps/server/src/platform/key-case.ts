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

function isContainer(value: unknown): value is unknown[] | Record<string, unknown> {
  return Array.isArray(value) || isPlainObject(value);
}

/**
 * Defines rather than assigns: a key named `__proto__` becomes an ordinary own key instead of
 * replacing the copy's prototype.
 */
function put(target: Record<string, unknown> | unknown[], key: string | number, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of `value` with every object key renamed. The walk keeps its own stack instead of
 * recursing, so no nesting depth can overflow the call stack (the input guard bounds request
 * bodies before this runs; answers are walked the same way).
 */
export function transformKeys(value: unknown, rename: (key: string) => string): unknown {
  if (!isContainer(value)) return value;
  const pending: [source: unknown[] | Record<string, unknown>, copy: unknown[] | Record<string, unknown>][] = [];
  const copyOf = (inner: unknown): unknown => {
    if (!isContainer(inner)) return inner;
    const copy = Array.isArray(inner) ? [] : {};
    pending.push([inner, copy]);
    return copy;
  };
  const root = copyOf(value);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [source, copy] = next;
    if (Array.isArray(source)) {
      for (let index = 0; index < source.length; index += 1) put(copy, index, copyOf(source[index]));
    } else {
      for (const [key, inner] of Object.entries(source)) put(copy, rename(key), copyOf(inner));
    }
  }
  return root;
}
