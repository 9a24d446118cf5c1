import {
  COMPANY_DOCUMENT_FIELD,
  type CompanyVerificationFields,
  type CompanyVerificationState,
  type CorporateConversion,
  companyVerificationStateSchema,
  corporateConversionSchema,
  envelopeSchema,
} from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

const corporate = "/rest/v1/users/corporate-accounts";
const stateAnswer = envelopeSchema(companyVerificationStateSchema);

export const companyVerificationQueryKey = ["corporate-account", "company-verification"] as const;

export function companyVerificationQueryOptions() {
  return queryOptions({
    queryKey: companyVerificationQueryKey,
    queryFn: async ({ signal }) =>
      (await apiClient.get(`${corporate}/company-verification`, { schema: stateAnswer, signal })).data,
  });
}

export async function convertAccount(to: "corporate" | "personal"): Promise<CorporateConversion> {
  const answer = await apiClient.post(`${corporate}/convert-to-${to}`, undefined, {
    schema: envelopeSchema(corporateConversionSchema),
  });
  return answer.data;
}

export async function postponeCompanyVerification(): Promise<CompanyVerificationState> {
  return (await apiClient.post("/rest/v1/users/postpone-company-verification", undefined, { schema: stateAnswer }))
    .data;
}

/** The company's details and its documents, in one multipart request. */
export async function submitCompanyVerification(
  fields: CompanyVerificationFields,
  files: File[],
): Promise<CompanyVerificationState> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(COMPANY_DOCUMENT_FIELD, file);
  return (await apiClient.postMultipart(`${corporate}/company-verification`, form, { schema: stateAnswer })).data;
}

/** The owner's own document, as the browser fetches it with the session cookie. */
export function ownDocumentUrl(documentId: string): string {
  return `${corporate}/company-verification/documents/${encodeURIComponent(documentId)}`;
}
