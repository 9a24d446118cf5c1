import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local push service (this machine cannot reach a browser vendor's): it takes Web Push requests
 * (RFC 8030) at `/push/<name>`, checks their VAPID Authorization (RFC 8292) and keeps them for the
 * test, answering 201 as push services do, or the status a test set for that name.
 */
export interface ReceivedPush {
  name: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The VAPID claims and key, once their signature checked out; null when it did not. */
  vapid: { claims: { aud: string; exp: number; sub: string }; publicKey: string } | null;
}

export interface LocalPushService {
  /** The endpoint a browser would get for `name`. */
  endpointOf(name: string): string;
  origin: string;
  received: ReceivedPush[];
  /** Answer this status (once, or always) to pushes for `name`. */
  answer(name: string, status: number, times?: number): void;
  close(): Promise<void>;
}

/** Checks a `vapid t=<JWT>, k=<key>` header: an ES256 JWT signed by the key it names. */
function checkVapid(authorization: string | undefined): ReceivedPush["vapid"] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match?.[1] || !match[2]) return null;
  const [header, claims, signature] = match[1].split(".") as [string, string, string];
  const point = Buffer.from(match[2], "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const isSigned = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!isSigned || JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") return null;
  return { claims: JSON.parse(Buffer.from(claims, "base64url").toString()), publicKey: match[2] };
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, { status: number; times: number }>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = /^\/push\/([\w-]+)$/.exec(request.url ?? "")?.[1];
      if (request.method !== "POST" || !name) {
        response.writeHead(404).end();
        return;
      }
      received.push({
        name,
        headers: request.headers,
        body: Buffer.concat(chunks),
        vapid: checkVapid(request.headers.authorization),
      });
      const planned = answers.get(name);
      if (planned && planned.times > 0) {
        planned.times -= 1;
        response.writeHead(planned.status).end();
        return;
      }
      response.writeHead(201, { location: `/message/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpointOf: (name) => `${origin}/push/${name}`,
    received,
    answer: (name, status, times = Number.POSITIVE_INFINITY) => answers.set(name, { status, times }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret. */
export interface BrowserKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** As `PushSubscription.toJSON().keys` gives them. */
  json: { p256dh: string; auth: string };
}

export function newBrowserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") } };
}

/**
 * Decrypts a push body as the browser does (RFC 8291 over RFC 8188 aes128gcm): the header names
 * the salt, the record size and the server's one-time public key; the keys come from ECDH with
 * the browser's private key and its auth secret through HKDF-SHA-256.
 */
export function decryptPush(body: Buffer, browser: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error("more than one record");
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), browser.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync("sha256", browser.ecdh.computeSecret(serverKey), browser.auth, info, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  // The last record's padding starts with the delimiter 2.
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}
