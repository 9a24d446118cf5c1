import { envelopeSchema, ledgerVerifyReportSchema } from "@souk/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api.ts";

const verifyAnswer = envelopeSchema(ledgerVerifyReportSchema);

/** Runs ledger:verify on the server now (admins); each run is a fresh report. */
export function useLedgerVerifyMutation() {
  return useMutation({
    mutationFn: async () => (await apiClient.get("/rest/v1/admin/ledger/verify", { schema: verifyAnswer })).data,
  });
}
