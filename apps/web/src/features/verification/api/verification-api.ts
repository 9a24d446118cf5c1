import {
  envelopeSchema,
  type IdDocumentSide,
  type IdVerificationStart,
  kycCheckAnswerSchema,
  levelsInfoSchema,
  submissionAnswerSchema,
  supportedCountrySchema,
  type VerificationSubmission,
} from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiClient } from "../../../lib/api.ts";

/** The verification hub's calls (docs/decisions/117-manual-review-queue.md). */

export const verificationQueryKey = ["verification"] as const;

export function kycCheckQueryOptions(fiatCurrencyCode: string) {
  return queryOptions({
    queryKey: [...verificationQueryKey, "kyc-check", fiatCurrencyCode],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/users/kyc-check", {
          query: { fiatCurrencyCode },
          schema: kycCheckAnswerSchema,
          signal,
        })
      ).data,
  });
}

export function levelsInfoQueryOptions(fiatCurrencyCode: string) {
  return queryOptions({
    queryKey: [...verificationQueryKey, "levels", fiatCurrencyCode],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/limits/levels-info", {
          query: { fiatCurrencyCode },
          schema: envelopeSchema(levelsInfoSchema),
          signal,
        })
      ).data,
  });
}

export function supportedCountriesQueryOptions() {
  return queryOptions({
    queryKey: [...verificationQueryKey, "countries"],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/verification/supported-countries", {
          schema: envelopeSchema(z.array(supportedCountrySchema)),
          signal,
        })
      ).data,
  });
}

export async function startIdVerification(payload: IdVerificationStart): Promise<VerificationSubmission> {
  return (await apiClient.post("/account/verification/start/id", payload, { schema: submissionAnswerSchema })).data;
}

/** Sends one side of the ID (its own request, so each side shows as it arrives). */
export async function sendIdSide(
  submissionId: string,
  side: IdDocumentSide,
  file: File,
): Promise<VerificationSubmission> {
  const form = new FormData();
  form.append(side, file, file.name);
  return (
    await apiClient.postMultipart(`/account/verification/id/${submissionId}/documents`, form, {
      schema: submissionAnswerSchema,
    })
  ).data;
}

export async function startAddressVerification(
  fields: Record<string, string>,
  proof: File,
): Promise<VerificationSubmission> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value.trim()) form.append(name, value.trim());
  form.append("proof", proof, proof.name);
  return (
    await apiClient.postMultipart("/account/verification/start/document", form, { schema: submissionAnswerSchema })
  ).data;
}
