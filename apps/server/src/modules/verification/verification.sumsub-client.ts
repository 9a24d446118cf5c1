import { VerificationErrorCode } from "@souk/contracts";
import type { Config } from "../../config.ts";
import { DomainError } from "../../platform/index.ts";
import { requestSignature, SUMSUB_REQUEST_HEADERS } from "./verification.sumsub-signing.ts";

/**
 * The SumSub-shaped provider's REST calls (docs/decisions/118-sumsub-provider.md): create an
 * applicant, hand it a document, ask for its check. Every request is signed with the app token and
 * secret key; an answer other than 2xx (or none in time) is a 503 to our caller, whose transaction
 * then stores nothing.
 */

const TIMEOUT_MS = 15_000;

export interface SumsubDocumentMetadata {
  idDocType: string;
  idDocSubType?: "FRONT_SIDE" | "BACK_SIDE";
  country?: string;
}

export interface SumsubClient {
  /** POST /resources/applicants?levelName=: the applicant's id. */
  createApplicant(externalUserId: string, fixedInfo: Record<string, string>): Promise<string>;
  /** POST /resources/applicants/{id}/info/idDoc: one file with its metadata (multipart). */
  addDocument(
    applicantId: string,
    metadata: SumsubDocumentMetadata,
    file: { bytes: Buffer; fileName: string; contentType: string },
  ): Promise<void>;
  /** POST /resources/applicants/{id}/status/pending: the applicant is complete, check it. */
  requestCheck(applicantId: string): Promise<void>;
}

const unavailable = () =>
  new DomainError(
    VerificationErrorCode.PROVIDER_UNAVAILABLE,
    "busy",
    "The verification provider did not take the documents. Try again later.",
  );

type SumsubSettings = Pick<Config, "SUMSUB_BASE_URL" | "SUMSUB_APP_TOKEN" | "SUMSUB_SECRET_KEY" | "SUMSUB_LEVEL_NAME">;

export function sumsubClientOf(config: SumsubSettings): SumsubClient {
  const baseUrl = config.SUMSUB_BASE_URL.replace(/\/$/, "");
  const send = async (method: string, pathWithQuery: string, body: Buffer, contentType: string) => {
    const ts = Math.floor(Date.now() / 1000);
    const signature = requestSignature(config.SUMSUB_SECRET_KEY ?? "", { ts, method, pathWithQuery, body });
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${pathWithQuery}`, {
        method,
        headers: {
          "content-type": contentType,
          accept: "application/json",
          [SUMSUB_REQUEST_HEADERS.token]: config.SUMSUB_APP_TOKEN ?? "",
          [SUMSUB_REQUEST_HEADERS.timestamp]: String(ts),
          [SUMSUB_REQUEST_HEADERS.signature]: signature,
        },
        body: new Uint8Array(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw unavailable();
    }
    if (!response.ok) throw unavailable();
    return (await response.json().catch(() => ({}))) as Record<string, unknown>;
  };
  const json = (value: unknown) => Buffer.from(JSON.stringify(value), "utf8");
  const applicantPath = (applicantId: string) => `/resources/applicants/${encodeURIComponent(applicantId)}`;
  return {
    async createApplicant(externalUserId, fixedInfo) {
      const path = `/resources/applicants?levelName=${encodeURIComponent(config.SUMSUB_LEVEL_NAME)}`;
      const answer = await send("POST", path, json({ externalUserId, fixedInfo }), "application/json");
      if (typeof answer.id !== "string" || answer.id === "") throw unavailable();
      return answer.id;
    },
    async addDocument(applicantId, metadata, file) {
      const form = new FormData();
      form.append("metadata", JSON.stringify(metadata));
      form.append("content", new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.fileName);
      const encoded = new Response(form);
      const body = Buffer.from(await encoded.arrayBuffer());
      await send("POST", `${applicantPath(applicantId)}/info/idDoc`, body, encoded.headers.get("content-type") ?? "");
    },
    async requestCheck(applicantId) {
      await send("POST", `${applicantPath(applicantId)}/status/pending`, Buffer.alloc(0), "application/json");
    },
  };
}
