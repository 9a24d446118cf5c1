import { describe, expect, it } from "vitest";
import type { TestResponse } from "../harness.ts";
import { envelopeProblem, isServerError } from "./answers.ts";

/**
 * The envelope checks both hostile suites rely on, with plain answers: each scope's own shapes
 * pass and the others' fail, so a check that let everything through would show here. (These need
 * no server; they sit in the API tests' project because apps/server/test is only theirs.)
 */

function json(status: number, body: unknown): TestResponse {
  return { status, body, headers: { "content-type": "application/json; charset=utf-8" }, text: JSON.stringify(body) };
}

const souk = { errors: { message: "No.", code: "ERROR_NOT_FOUND", details: null } };
const paxfulError = {
  status: "error",
  timestamp: 1,
  error: { code: 1006, message: "No" },
  data: { code: 1006, message: "No" },
};
const oauth = { error: "invalid_request", error_description: "No." };
const detail = { detail: [{ loc: ["body", "tag"], msg: "No.", type: "value_error" }] };

describe("envelopeProblem", () => {
  it("holds Souk's routes to {errors} and {data, meta}", () => {
    expect(envelopeProblem(json(404, souk), "/rest/v1/trade/1")).toBeNull();
    expect(envelopeProblem(json(200, { data: [], meta: {} }), "/rest/v1/offers")).toBeNull();
    for (const other of [paxfulError, oauth, detail]) {
      expect(envelopeProblem(json(404, other), "/rest/v1/trade/1")).not.toBeNull();
    }
    expect(envelopeProblem(json(200, { items: [] }), "/rest/v1/offers")).not.toBeNull();
  });

  it("holds /paxful/v1 to Paxful's error and success envelopes", () => {
    expect(envelopeProblem(json(403, paxfulError), "/paxful/v1/trade/get")).toBeNull();
    expect(envelopeProblem(json(200, { status: "success", timestamp: 1, data: {} }), "/paxful/v1/user/me")).toBeNull();
    for (const other of [souk, oauth, detail, { ...paxfulError, data: undefined }]) {
      expect(envelopeProblem(json(400, other), "/paxful/v1/trade/get")).not.toBeNull();
    }
    expect(envelopeProblem(json(200, { data: {}, meta: {} }), "/paxful/v1/user/me")).not.toBeNull();
  });

  it("holds /oauth2 to {error, error_description}, and lets the consent page answer in HTML", () => {
    expect(envelopeProblem(json(400, oauth), "/oauth2/token")).toBeNull();
    expect(envelopeProblem(json(200, { access_token: "a", token_type: "Bearer" }), "/oauth2/token")).toBeNull();
    for (const other of [souk, paxfulError, detail])
      expect(envelopeProblem(json(400, other), "/oauth2/token")).not.toBeNull();
    const page: TestResponse = { status: 400, body: "<p>No</p>", headers: { "content-type": "text/html" }, text: "" };
    expect(envelopeProblem(page, "/oauth2/authorize")).toBeNull();
    expect(envelopeProblem(page, "/oauth2/token")).not.toBeNull();
  });

  it("holds /webhook/v1 to {detail: [...]}, with Paxful's 401", () => {
    expect(envelopeProblem(json(422, detail), "/webhook/v1/user/webhooks")).toBeNull();
    expect(envelopeProblem(json(401, paxfulError), "/webhook/v1/user/webhooks")).toBeNull();
    expect(envelopeProblem(json(403, paxfulError), "/webhook/v1/user/webhooks")).not.toBeNull();
    for (const other of [souk, oauth, { detail: [] }, { detail: "No." }]) {
      expect(envelopeProblem(json(422, other), "/webhook/v1/user/webhooks")).not.toBeNull();
    }
  });
});

describe("isServerError", () => {
  it("counts every 5xx but Paxful's 501 'not on Souk' (1013) under /paxful/v1", () => {
    const notOnSouk = {
      ...paxfulError,
      error: { code: 1013, message: "Not on Souk." },
      data: { code: 1013, message: "Not on Souk." },
    };
    expect(isServerError(json(501, notOnSouk), "/paxful/v1/notifications/list")).toBe(false);
    expect(isServerError(json(501, paxfulError), "/paxful/v1/notifications/list")).toBe(true);
    expect(isServerError(json(500, notOnSouk), "/paxful/v1/notifications/list")).toBe(true);
    expect(isServerError(json(501, notOnSouk), "/rest/v1/offers")).toBe(true);
    expect(isServerError(json(422, souk), "/rest/v1/offers")).toBe(false);
  });
});
