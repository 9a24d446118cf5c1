import { ErrorCode } from "@souk/contracts";
import { DomainError, inputError } from "./errors.ts";
import { toCamelKey } from "./key-case.ts";

/**
 * The one rule every string of a request meets, wherever it sits (body, query, path, multipart
 * field): no C0 control character but tab, line feed and carriage return, no DEL, and no lone
 * UTF-16 surrogate. PostgreSQL refuses NUL in text outright, and the others have no honest use in
 * a name, a message or an id; refusing them here means no module has to remember to.
 */
const FORBIDDEN_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN_CHARACTER.test(text);
}

/** How far a request's values may reach before anything walks them. */
export interface InputBounds {
  /** Arrays and objects inside one another. */
  maxDepth: number;
  /** Every value counted: containers, keys' values and array items. */
  maxValues: number;
}

/** No request of the API nests deeper than a few levels or carries thousands of values. */
const DEFAULT_INPUT_BOUNDS: InputBounds = { maxDepth: 16, maxValues: 5_000 };

export type InputProblem =
  | { kind: "forbidden_character"; field: string }
  | { kind: "forbidden_key"; field: string }
  | { kind: "too_deep" }
  | { kind: "too_many_values" };

interface Visit {
  value: unknown;
  depth: number;
  /** Where the value sits, kept as a link to its parent: the field's name is built only if needed. */
  parent: Visit | null;
  key: string | number | null;
}

/**
 * Objects whose keys are walked: JSON objects, and the query and path parameter objects the
 * router and query parser build (their prototypes are not Object.prototype).
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !ArrayBuffer.isView(value) && !(value instanceof Date);
}

/** The field's name as the API reports it (camelCase, dot-separated), "" for the whole part. */
function fieldOf(visit: Visit | null): string {
  const names: string[] = [];
  for (let at = visit; at !== null && at.key !== null; at = at.parent) {
    names.push(typeof at.key === "number" ? String(at.key) : toCamelKey(at.key));
  }
  return names.reverse().join(".");
}

/**
 * The first thing wrong with one part of a request, or null. The walk keeps its own stack and
 * counts values as it meets them, so a hostile body costs at most `maxValues` steps (however many
 * keys one object has) and never recurses.
 */
export function findInputProblem(value: unknown, bounds: InputBounds = DEFAULT_INPUT_BOUNDS): InputProblem | null {
  const stack: Visit[] = [{ value, depth: 0, parent: null, key: null }];
  let counted = 1;
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const { value: current, depth } = visit;
    if (typeof current === "string") {
      if (hasForbiddenCharacter(current)) return { kind: "forbidden_character", field: fieldOf(visit) };
      continue;
    }
    const isArray = Array.isArray(current);
    if (!isArray && !isRecord(current)) continue;
    if (depth >= bounds.maxDepth) return { kind: "too_deep" };
    const keys: (string | number)[] = isArray ? [] : Object.keys(current);
    const size = isArray ? current.length : keys.length;
    counted += size;
    if (counted > bounds.maxValues) return { kind: "too_many_values" };
    for (let index = size - 1; index >= 0; index -= 1) {
      if (isArray) {
        stack.push({ value: current[index], depth: depth + 1, parent: visit, key: index });
        continue;
      }
      const key = keys[index] as string;
      if (hasForbiddenCharacter(key)) return { kind: "forbidden_character", field: fieldOf(visit) };
      if (key === "__proto__") return { kind: "forbidden_key", field: [fieldOf(visit), key].filter(Boolean).join(".") };
      stack.push({ value: current[key], depth: depth + 1, parent: visit, key });
    }
  }
  return null;
}

/** The request parts the guard reads, and the name a problem in the whole part is reported under. */
export interface RequestParts {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}

/** The answer for the first problem found in a request's parts: 422 by field, or 413 when too big. */
export function assertAcceptableInput(parts: RequestParts, bounds: InputBounds = DEFAULT_INPUT_BOUNDS): void {
  for (const part of ["params", "query", "body"] as const) {
    const problem = findInputProblem(parts[part], bounds);
    if (problem) throw refusalOf(problem, part);
  }
}

function refusalOf(problem: InputProblem, part: keyof RequestParts): DomainError {
  switch (problem.kind) {
    case "forbidden_character":
      return inputError({ [problem.field || part]: ["control_character"] }, "A field holds a control character.");
    case "forbidden_key":
      return inputError({ [problem.field]: ["key_not_allowed"] }, "A key of the request is not allowed.");
    case "too_deep":
      return inputError({ [part]: ["nesting_too_deep"] }, "The request nests values too deeply.");
    case "too_many_values":
      return new DomainError(ErrorCode.PAYLOAD_TOO_LARGE, "payload_too_large", "The request holds too many values.");
  }
}

/**
 * The largest JSON body any route takes. The biggest honest one (an offer with its terms and its
 * instructions at 5,000 characters each, three bytes a character at worst: about 31 KB) fits
 * twice over; past it, parsing and walking a hostile body would hold the event loop for everyone.
 * Uploads are multipart and read with limits of their own.
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
