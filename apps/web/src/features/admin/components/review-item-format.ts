import type { ReviewItem, VerificationStatus } from "@souk/contracts";

/**
 * What the queue screens read of a submission's payload (the spec's fields as the user sent them,
 * docs/decisions/122-verification-queue-screen.md): its country and the fields shown to the reviewer.
 */

/** The payload fields shown on a submission's page, in this order; others are not shown. */
const PAYLOAD_FIELDS = [
  "issueCountryIso3",
  "countryIso3",
  "documentType",
  "firstNameOriginal",
  "middleNameOriginal",
  "lastNameOriginal",
  "documentNumber",
  "regionName",
  "cityName",
  "addressLine1",
  "addressLine2",
  "zipCode",
  "ngaNin",
  "ngaBvn",
] as const;
type PayloadField = (typeof PAYLOAD_FIELDS)[number];

function textOf(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** The ISO 3166 alpha-3 code of the document's country: the ID's issuing country or the address's. */
export function countryOf(item: Pick<ReviewItem, "payload">): string {
  return textOf(item.payload.issueCountryIso3) || textOf(item.payload.countryIso3);
}

/** The payload's non-empty fields, in the order of PAYLOAD_FIELDS. */
export function payloadLines(item: Pick<ReviewItem, "payload">): { field: PayloadField; value: string }[] {
  return PAYLOAD_FIELDS.map((field) => ({ field, value: textOf(item.payload[field]) })).filter(
    (line) => line.value !== "",
  );
}

/** The badge colour of a submission's status, on its review page and on the user's page. */
export const VERIFICATION_STATUS_COLORS: Record<VerificationStatus, string> = {
  pending: "gray",
  uploaded: "blue",
  approved: "teal",
  rejected: "red",
  corrupted: "orange",
};
