/** The platform's public door: conventions every module uses. */
import "./fastify-types.ts";

export { CSRF_COOKIE, issueCsrfToken, newCsrfToken } from "./csrf.ts";
export { envelope, refusals } from "./envelope.ts";
export {
  answerClientError,
  answerFrameworkError,
  answerRouterErrorsUnder,
  type RouterErrorShape,
  validationDetails,
} from "./error-mapper.ts";
export {
  conflict,
  DomainError,
  type ErrorDetails,
  forbidden,
  inputError,
  notFound,
  offerNotFound,
  rateLimited,
  unauthenticated,
  userNotFound,
} from "./errors.ts";
export { armFailpoints, failpoint } from "./failpoints.ts";
export { parseFeatureFlags } from "./features.ts";
export {
  type AttachmentLimits,
  type CheckedFile,
  type CheckResult,
  checkAttachment,
  DEFAULT_ATTACHMENT_LIMITS,
  type SniffedType,
  safeFileName,
  sniffType,
  type UploadedFile,
} from "./file-checks.ts";
export {
  type FileStorage,
  fileStorageFor,
  LocalDirectoryStorage,
  newStorageKey,
  withStoredFiles,
} from "./file-storage.ts";
export { acceptFormBodies, type FormObject, type FormValue, parseFormBody } from "./form-body.ts";
export { assertMayTransact, hasRole, isStaff, requireRole, requireSession, viewerOf } from "./guards.ts";
export { IDEMPOTENCY_STALE_AFTER_SECONDS } from "./idempotency.ts";
export {
  assertAcceptableInput,
  DEFAULT_INPUT_BOUNDS,
  findInputProblem,
  hasForbiddenCharacter,
  type InputBounds,
  JSON_BODY_LIMIT_BYTES,
} from "./input-guard.ts";
export { connectedJobQueue, disconnectedJobQueue, OWNER_FUNDS_CHANGED_JOB, type SendJob } from "./jobs.ts";
export { createMetrics, listenForMetrics, type Metrics, type MetricsListener, mayReadMetrics } from "./metrics.ts";
export type {
  AppDeps,
  ChannelDefinition,
  CliCommand,
  CliContext,
  JobContext,
  JobDefinition,
  JobQueue,
  JobRequest,
  JobSendOptions,
  LedgerCheckOutcome,
  LedgerInvariantCheck,
  SeedContext,
  SoukModule,
  SoukRoutes,
} from "./module.ts";
export { hashPassword, verifyPassword } from "./passwords.ts";
export { installPlatform } from "./plugin.ts";
export { isPublicId, newPublicId } from "./public-id.ts";
export { findOrCreateSecret } from "./secrets.ts";
export { type SeedMarks, seedMarksOf } from "./seed-marks.ts";
export {
  createSession,
  findViewerByUserId,
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
  type MultipartLimits,
  type MultipartUpload,
  readMultipart,
  replyWithStoredFile,
  type StoredFileReply,
} from "./uploads.ts";
