import type { FeatureFlag } from "@souk/contracts";

export type Features = Record<FeatureFlag, boolean>;

export interface TradeOptions {
  features: Features;
  /** The clock the command's conditions compare with; the database's now() when absent (tests pass one). */
  now?: Date;
}
