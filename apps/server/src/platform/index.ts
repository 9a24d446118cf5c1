/** The platform's public door: conventions every module uses. */
import "./fastify-types.ts";

export { CSRF_COOKIE, issueCsrfToken } from "./csrf.ts";
export { envelope } from "./envelope.ts";
export { validationDetails } from "./error-mapper.ts";
export {
  conflict,
  DomainError,
  type ErrorDetails,
  forbidden,
  inputError,
  notFound,
  rateLimited,
  unauthenticated,
} from "./errors.ts";
export { parseFeatureFlags } from "./features.ts";
export { assertMayTransact, hasRole, isStaff, requireRole, requireSession, viewerOf } from "./guards.ts";
export type {
  AppDeps,
  ChannelDefinition,
  CliCommand,
  CliContext,
  JobContext,
  JobDefinition,
  SeedContext,
  SoukModule,
  SoukRoutes,
} from "./module.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { installPlatform } from "./plugin.ts";
export { createSession, type NewSessionInfo, revokeSession, SESSION_COOKIE, type Viewer } from "./session.ts";
