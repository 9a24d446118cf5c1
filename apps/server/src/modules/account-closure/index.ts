/**
 * The account-closure module's door: closing an account once nothing of value is left in it
 * (decision 115). It reads balances (ledger) and open trades (trades) through their doors.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerAccountClosureRoutes } from "./account-closure.routes.ts";

export const accountClosureModule: SoukModule = {
  name: "account-closure",
  privateRoutes: registerAccountClosureRoutes,
};
