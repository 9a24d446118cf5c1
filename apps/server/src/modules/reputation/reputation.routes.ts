import { userMedalsResponseSchema, usernameParamsSchema } from "@souk/contracts";
import { type AppDeps, envelope, refusals, type SoukRoutes } from "../../platform/index.ts";
import { listUserMedals } from "./reputation.service.ts";

/** The user medals request: public, like the profile it belongs to. */
export function registerReputationPublicRoutes(app: SoukRoutes, deps: AppDeps): void {
  app.get(
    "/rest/v1/users/:username/medals",
    {
      schema: {
        tags: ["users"],
        summary: "A user's medals, earned from their trades and kept once earned",
        params: usernameParamsSchema,
        response: { 200: userMedalsResponseSchema, ...refusals },
      },
    },
    async (request) => envelope(await listUserMedals(deps.readDb, request.params.username)),
  );
}
