import fc from "fast-check";
import type { FastifyInstance } from "fastify";

/**
 * The API's operations as its OpenAPI document describes them (the same document /docs shows),
 * and fast-check arbitraries built from their schemas. Both hostile suites start here, so a route
 * added to the API is in them without anyone listing it.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface QueryParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "GET /rest/v1/trade/{id}": the key of the matrix's expectation table. */
  key: string;
  method: string;
  /** The document's path, with {name} parameters. */
  path: string;
  pathParams: string[];
  query: QueryParameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | null;
  isMultipart: boolean;
  /** The operation reads an OAuth2 bearer token (its security names `oauth2`). */
  usesBearer: boolean;
  /** It answers only with a bearer token: no alternative without one. */
  isBearerOnly: boolean;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  consumes?: string[];
  security?: Record<string, string[]>[];
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Every operation of the document, in the document's order. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      const security = operation.security ?? [];
      const usesBearer = security.some((requirement) => "oauth2" in requirement);
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ""),
        query: parameters
          .filter((parameter) => parameter.in === "query")
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required === true,
            schema: parameter.schema ?? {},
          })),
        body: content["application/json"]?.schema ?? null,
        // Only a route that takes nothing but multipart is fuzzed with it (Paxful's routes take all three).
        isMultipart:
          ("multipart/form-data" in content || (operation.consumes ?? []).includes("multipart/form-data")) &&
          !("application/json" in content),
        usesBearer,
        isBearerOnly: usesBearer && security.every((requirement) => Object.keys(requirement).length > 0),
      });
    }
  }
  return operations;
}

/**
 * Percent-encodes text as a hostile client would send it: a lone surrogate, which
 * encodeURIComponent and URLSearchParams refuse or replace, goes out as its three raw bytes.
 */
export function percentEncode(text: string): string {
  let out = "";
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join("");
    } else {
      out += encodeURIComponent(character);
    }
  }
  return out;
}

/** The URL of an operation with its path parameters and query filled in (values are encoded). */
export function urlOf(
  operation: Operation,
  params: Record<string, string>,
  query: Record<string, string | string[]> = {},
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => percentEncode(params[name] ?? "x"));
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((one) => `${percentEncode(name)}=${percentEncode(one)}`),
  );
  return pairs.length > 0 ? `${path}?${pairs.join("&")}` : path;
}

const MAX_GENERATED_LENGTH = 60;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.format === "date") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === "email") return fc.emailAddress();
  if (schema.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(schema.pattern));
      const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
      return matching.filter((text) => text.length <= max && text.length >= (schema.minLength ?? 0));
    } catch {
      // A pattern fast-check cannot generate from: any string then.
    }
  }
  const maxLength = Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH);
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
}

function numberArbitrary(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const bound = 2 ** 31;
  const exclusive = typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : undefined;
  const min = Math.max(schema.minimum ?? exclusive ?? -bound, -bound);
  const max = Math.min(schema.maximum ?? bound, bound);
  if (isInteger) return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
  return fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/** Values that fit a JSON schema (as far as it says): the well-formed side of the fuzz. */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((variant) => arbitraryOf(variant, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryOf(schema.allOf[0] ?? {}, depth + 1);
  const inner = arbitraryOfType(schema, depth);
  return schema.nullable ? fc.option(inner, { nil: null, freq: 5 }) : inner;
}

function arbitraryOfType(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringArbitrary(schema);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case "object": {
      const properties = schema.properties ?? {};
      if (depth > 6 || Object.keys(properties).length === 0)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.string());
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = arbitraryOf(property, depth + 1);
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
