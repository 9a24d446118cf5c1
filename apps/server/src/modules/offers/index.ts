/** The offers module's public door: the marketplace, offers, and what trades and vendor tools use. */
import type { SoukModule } from "../../platform/index.ts";
import { registerCalculatorRoutes } from "./calculator.routes.ts";
import { ownerFundsChangedJob } from "./jobs/owner-funds-changed.job.ts";
import { refreshFundingJob } from "./jobs/refresh-funding.job.ts";
import { refreshListingKeysJob } from "./jobs/refresh-listing-keys.job.ts";
import { registerModerationRoutes } from "./moderation.routes.ts";
import { registerOffersPrivateRoutes, registerOffersPublicRoutes } from "./offers.routes.ts";
import { seedDemoOffers } from "./offers.seed.ts";

export { needsBond, syncOfferBondState } from "./bond-held-offers.service.ts";
export { type Catalog, getCatalog, getMarket, type Market } from "./catalog.service.ts";
export { describeOffers, listOffers } from "./listing.service.ts";
export { configureListingCache, forgetCachedListings, listingCacheLifetimeMs } from "./listing-cache.ts";
export { refreshAllFunding, refreshOwnerFunding } from "./maintenance.service.ts";
/** The moderators' list of offers; the operator console's user page lists one owner's with it. */
export { listOffersForModeration } from "./moderation.service.ts";
export {
  applySystemCancelPenalty,
  getOfferForTrade,
  type OfferForTrade,
  recordCompletedTradeCounts,
  recordOfferCapUsage,
  recordTraderStats,
} from "./offer-for-trade.service.ts";
/** Whether a user has marked an offer a favourite (the favourites module keeps the marks; offers read them too). */
export { isFavorite } from "./offers.repo.ts";
export {
  createOffer,
  deleteOffer,
  editOwnOffer,
  getOfferView,
  listTags,
  resolveVisibleOfferId,
  unmetRequirementsOf,
  updateOffer,
} from "./offers.service.ts";
export {
  countOwnOffers,
  getOwnOffer,
  listOwnOffers,
  resetOwnOfferPenalty,
  setOfferFeaturedUntil,
  setOwnOffersActive,
} from "./own-offers.service.ts";
export { feePercentFromBps } from "./pricing.domain.ts";

export const offersModule: SoukModule = {
  name: "offers",
  publicRoutes: async (app, deps) => {
    registerOffersPublicRoutes(app, deps);
    registerCalculatorRoutes(app, deps);
  },
  privateRoutes: async (app, deps) => {
    registerOffersPrivateRoutes(app, deps);
    registerModerationRoutes(app, deps);
  },
  jobs: [refreshListingKeysJob, refreshFundingJob, ownerFundsChangedJob],
  seedDemo: seedDemoOffers,
};
