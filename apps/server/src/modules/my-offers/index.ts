/** The my-offers module's door: the vendor's own offers, quick edits, promotion and bids. */
import type { SoukModule } from "../../platform/index.ts";
import { settledReferencesHoldNoEscrow, settledReferencesPaidTheirFees } from "../ledger/index.ts";
import { completeBidsJob } from "./jobs/complete-bids.job.ts";
import { endedBidFeesSource, endedBidsSource, fundedBidsHoldTheirAmountCheck } from "./my-offers.checks.ts";
import { registerMyOffersRoutes } from "./my-offers.routes.ts";

export { setOfferStatus, toggleAllOffers } from "./my-offers.service.ts";

export const myOffersModule: SoukModule = {
  name: "my-offers",
  privateRoutes: registerMyOffersRoutes,
  jobs: [completeBidsJob],
  // ledger:verify proves that bid holds match FUNDED bids and that ended bids hold nothing (I4), and
  // that a completed bid paid its amount to the platform and an outbid or cancelled one nothing.
  ledgerChecks: [
    settledReferencesHoldNoEscrow(endedBidsSource),
    fundedBidsHoldTheirAmountCheck,
    settledReferencesPaidTheirFees(endedBidFeesSource),
  ],
};
