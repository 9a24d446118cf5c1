/** The platform's public door: conventions every module uses. */
import "./fastify-types.ts";

export { codeDigest, codeDigester } from "./code-digest.ts";
export { CSRF_COOKIE, issueCsrfToken, newCsrfToken } from "./csrf.ts";
export {
  DEVICE_COOKIE,
  deviceIdEnd,
  deviceIdOf,
  hashDeviceId,
} from "./device-id.ts";
export { documentPurgeJob } from "./document-retention.ts";
export { envelope, refusals } from "./envelope.ts";
export {
  answerClientError,
  answerFrameworkError,
  answerRouterErrorsUnder,
  validationDetails,
} from "./error-mapper.ts";
export {
  conflict,
  DomainError,
  forbidden,
  inputError,
  notFound,
  offerNotFound,
  rateLimited,
  unauthenticated,
  userNotFound,
} from "./errors.ts";
export { armFailpoints, failpoint } from "./failpoints.ts";
export { DEFAULT_FEATURES, type Features, parseFeatureFlags } from "./features.ts";
export {
  type CheckedFile,
  checkAttachment,
  checkVideo,
  DEFAULT_ATTACHMENT_LIMITS,
  type UploadedFile,
} from "./file-checks.ts";
export {
  type FileStorage,
  fileStorageFor,
  withStoredFiles,
} from "./file-storage.ts";
export { acceptFormBodies, parseFormBody } from "./form-body.ts";
export {
  assertMayTransact,
  isStaff,
  requireRole,
  requireSession,
  type TransactRestriction,
  transactRestrictionOf,
  userRestricted,
  viewerOf,
} from "./guards.ts";
export { IDEMPOTENCY_STALE_AFTER_SECONDS } from "./idempotency.ts";
export { JSON_BODY_LIMIT_BYTES } from "./input-guard.ts";
export {
  connectedJobQueue,
  disconnectedJobQueue,
  OWNER_FUNDS_CHANGED_JOB,
  pollDeadline,
  type SendJob,
} from "./jobs.ts";
export { toCamelKey } from "./key-case.ts";
export { listenForMetrics, type MetricsListener } from "./metrics.ts";
export type {
  AppDeps,
  ApprovalAction,
  ApprovalRequestFacts,
  ChannelDefinition,
  CliCommand,
  CliContext,
  JobContext,
  JobDefinition,
  JobQueue,
  JobRequest,
  LedgerInvariantCheck,
  SeedContext,
  SoukModule,
  SoukRoutes,
} from "./module.ts";
export { urlProblem } from "./outbound/address-guard.ts";
export { postWebhook, type SendOutcome } from "./outbound/http-sender.ts";
export {
  countDeliveryFailures,
  deliverOutbox,
  findInOutbox,
  listOutbox,
  type Outbox,
  type OutboxColumns,
  outboxDeliveryView,
  writeToOutbox,
} from "./outbox.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { installPlatform } from "./plugin.ts";
export { isPublicId, newPublicId } from "./public-id.ts";
export { registerResponseCompression } from "./response-compression.ts";
export { findOrCreateSecret } from "./secrets.ts";
export { seedMarksOf } from "./seed-marks.ts";
export {
  createSession,
  findViewerByUserId,
  forgetViewersOf,
  type NewSessionInfo,
  revokeSession,
  revokeUserSessions,
  SESSION_COOKIE,
  sessionlessViewer,
  type Viewer,
} from "./session.ts";
export {
  acceptMultipart,
  fileRefused,
  readMultipart,
  replyWithStoredFile,
  type StoredFileReply,
} from "./uploads.ts";
