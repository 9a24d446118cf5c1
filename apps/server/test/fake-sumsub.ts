import { createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for a SumSub-shaped verification provider (this machine cannot reach one). It
 * speaks the REST shape Souk calls: applicants created at a level, documents added as multipart
 * (`metadata` and `content`), the check asked for with status/pending. Every request must carry the
 * app token and a valid X-App-Access-Sig (HMAC-SHA256 of ts + method + path + body with the secret
 * key), or it is answered 401 as the provider does. `callback` builds a review callback signed
 * with the webhook secret and posts it to Souk over HTTP.
 */
export interface FakeSumsub {
  baseUrl: string;
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  applicants: { id: string; externalUserId: string; levelName: string; fixedInfo: Record<string, string> }[];
  documents: { applicantId: string; metadata: Record<string, unknown>; fileName: string; bytes: number }[];
  checksRequested: string[];
  /** Requests refused for their signature or token. */
  refused: number;
  /** Answers 500 to applicant creation while set. */
  isDown: boolean;
  /** Posts a signed callback to `url`: the answer's status and body. */
  callback(url: string, body: object, options?: { algorithm?: string; secret?: string }): Promise<SentCallback>;
  close(): Promise<void>;
}

interface SentCallback {
  status: number;
  body: any;
}

const ALGORITHMS: Record<string, string> = {
  HMAC_SHA1_HEX: "sha1",
  HMAC_SHA256_HEX: "sha256",
  HMAC_SHA512_HEX: "sha512",
};

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** The parts of a multipart body, by field name (enough for the two fields the provider reads). */
async function multipartParts(body: Buffer, contentType: string) {
  const parsed = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  const metadata = JSON.parse(String(parsed.get("metadata") ?? "{}")) as Record<string, unknown>;
  const content = parsed.get("content");
  return {
    metadata,
    fileName: content instanceof File ? content.name : "",
    bytes: content instanceof File ? content.size : 0,
  };
}

export async function startFakeSumsub(): Promise<FakeSumsub> {
  const state = {
    appToken: "sbx:souk-test-token",
    secretKey: randomBytes(16).toString("hex"),
    webhookSecret: randomBytes(16).toString("hex"),
    applicants: [] as FakeSumsub["applicants"],
    documents: [] as FakeSumsub["documents"],
    checksRequested: [] as string[],
    refused: 0,
    isDown: false,
  };
  const answer = (response: http.ServerResponse, status: number, body: object) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const isSigned = (request: http.IncomingMessage, body: Buffer) => {
    const ts = String(request.headers["x-app-access-ts"] ?? "");
    const expected = createHmac("sha256", state.secretKey)
      .update(`${ts}${request.method}${request.url}`)
      .update(body)
      .digest("hex");
    return (
      request.headers["x-app-token"] === state.appToken && ts !== "" && request.headers["x-app-access-sig"] === expected
    );
  };
  const route = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = await readBody(request);
    if (!isSigned(request, body)) {
      state.refused += 1;
      return answer(response, 401, { description: "Request signature mismatch", code: 401 });
    }
    const url = new URL(request.url ?? "/", "http://fake");
    const applicant = /^\/resources\/applicants\/([^/]+)\/(info\/idDoc|status\/pending)$/.exec(url.pathname);
    if (request.method === "POST" && url.pathname === "/resources/applicants") {
      if (state.isDown) return answer(response, 500, { description: "Internal error", code: 500 });
      const sent = JSON.parse(body.toString("utf8")) as { externalUserId: string; fixedInfo: Record<string, string> };
      const id = randomBytes(12).toString("hex");
      state.applicants.push({ id, ...sent, levelName: url.searchParams.get("levelName") ?? "" });
      return answer(response, 201, { id, externalUserId: sent.externalUserId, review: { reviewStatus: "init" } });
    }
    const known = applicant && state.applicants.some((item) => item.id === applicant[1]);
    if (request.method === "POST" && applicant && known && applicant[2] === "info/idDoc") {
      const part = await multipartParts(body, String(request.headers["content-type"] ?? ""));
      state.documents.push({ applicantId: applicant[1] ?? "", ...part });
      return answer(response, 200, { ...part.metadata });
    }
    if (request.method === "POST" && applicant && known && applicant[2] === "status/pending") {
      state.checksRequested.push(applicant[1] ?? "");
      return answer(response, 200, { ok: 1 });
    }
    return answer(response, 404, { description: "Not found", code: 404 });
  };
  const server = http.createServer((request, response) => {
    route(request, response).catch(() => answer(response, 500, { description: "fake failed", code: 500 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}`,
    async callback(url: string, body: object, options: { algorithm?: string; secret?: string } = {}) {
      const raw = Buffer.from(JSON.stringify(body), "utf8");
      const algorithm = options.algorithm ?? "HMAC_SHA256_HEX";
      const digest = createHmac(ALGORITHMS[algorithm] ?? "sha256", options.secret ?? state.webhookSecret)
        .update(raw)
        .digest("hex");
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-payload-digest": digest, "x-payload-digest-alg": algorithm },
        body: raw,
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
