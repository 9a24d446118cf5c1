/**
 * The exports module's door: trade history exports (csv, xlsx, pdf) made by a background job.
 * It reads trades through the trades module's door and never the other way round.
 */
import type { SoukModule } from "../../platform/index.ts";
import { registerExportsPrivateRoutes } from "./exports.routes.ts";
import { generateExportsJob, pruneExportsJob } from "./jobs/generate-exports.job.ts";

export const exportsModule: SoukModule = {
  name: "exports",
  privateRoutes: registerExportsPrivateRoutes,
  jobs: [generateExportsJob, pruneExportsJob],
};
