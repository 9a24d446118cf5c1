import { EXPORTS_ACTIVE_MAX, ExportErrorCode, type ExportStatus } from "@souk/contracts";
import { conflict, notFound } from "../../platform/index.ts";

/** Someone else's export and an unknown id look the same. */
export const exportNotFound = () => notFound("No such export.", "ERROR_EXPORT_NOT_FOUND");

export const exportNotReady = (status: ExportStatus) =>
  conflict("This export has no file to download.", ExportErrorCode.NOT_READY, { status });

export const tooManyExports = () =>
  conflict(`At most ${EXPORTS_ACTIVE_MAX} exports may be queued or running at once.`, ExportErrorCode.TOO_MANY, {
    max: EXPORTS_ACTIVE_MAX,
  });

export const exportNotCancellable = (status: ExportStatus) =>
  conflict("This export has already finished.", ExportErrorCode.NOT_CANCELLABLE, { status });
