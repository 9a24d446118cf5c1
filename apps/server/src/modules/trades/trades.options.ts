import type { Features } from "../../platform/index.ts";

export interface TradeOptions {
  features: Features;
  /** The clock the command's conditions compare with; the database's now() when absent (tests pass one). */
  now?: Date;
}
