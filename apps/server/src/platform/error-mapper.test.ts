import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { answerClientError } from "./error-mapper.ts";

function fakeSocket() {
  const written: string[] = [];
  let destroyed = false;
  const socket = {
    get destroyed() {
      return destroyed;
    },
    writable: true,
    write: (text: string) => written.push(text),
    destroy: () => {
      destroyed = true;
    },
  };
  return { socket: socket as unknown as Socket, written, isDestroyed: () => destroyed };
}

function answerOf(text: string) {
  const [head = "", body = ""] = text.split("\r\n\r\n");
  return { head, body: JSON.parse(body) };
}

describe("answers Node's parser gives before any route", () => {
  it("answers oversized headers with 431 in the envelope and closes the connection", () => {
    const { socket, written, isDestroyed } = fakeSocket();
    answerClientError(Object.assign(new Error("overflow"), { code: "HPE_HEADER_OVERFLOW" }), socket);
    const { head, body } = answerOf(written.join(""));
    expect(head).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(head).toMatch(/Connection: close/);
    expect(body).toEqual({
      errors: { message: "The request headers are too large.", code: "ERROR_HEADERS_TOO_LARGE", details: null },
    });
    expect(isDestroyed()).toBe(true);
  });

  it("answers any other broken request with 400 in the envelope", () => {
    const { socket, written } = fakeSocket();
    answerClientError(Object.assign(new Error("bad"), { code: "HPE_INVALID_METHOD" }), socket);
    const { head, body } = answerOf(written.join(""));
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(body.errors.code).toBe("ERROR_MALFORMED_REQUEST");
  });

  it("writes nothing to a connection the client already reset", () => {
    const { socket, written } = fakeSocket();
    answerClientError(Object.assign(new Error("reset"), { code: "ECONNRESET" }), socket);
    expect(written).toEqual([]);
  });
});
