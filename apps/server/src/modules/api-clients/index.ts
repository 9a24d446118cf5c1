/**
 * The api-clients module's door: a user's API clients, the OAuth2 endpoints and the bearer-token
 * check other modules (the Paxful-compatible API) authenticate their callers with.
 */
import type { SoukModule } from "../../platform/index.ts";
import { createApiClientCommand } from "./api-clients.commands.ts";
import { deleteExpiredCredentials } from "./api-clients.repo.ts";
import { registerApiClientsPrivateRoutes, registerOAuthRoutes } from "./api-clients.routes.ts";

export { type ApiCaller, authenticateAccessToken, createApiClient } from "./api-clients.service.ts";

export const apiClientsModule: SoukModule = {
  name: "api-clients",
  publicRoutes: registerOAuthRoutes,
  privateRoutes: registerApiClientsPrivateRoutes,
  commands: [createApiClientCommand],
  jobs: [
    {
      name: "api-clients.prune-credentials",
      schedule: "41 3 * * *",
      handler: async (_data, context) => {
        const deleted = await deleteExpiredCredentials(context.db);
        if (deleted > 0) context.log.info({ deleted }, "expired API tokens and codes deleted");
      },
    },
  ],
};
