import {
  CSRF_HEADER,
  type ErrorBody,
  ErrorCode,
  envelopeSchema,
  leftAttemptSchema,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  submissionAnswerSchema,
  type VerificationSubmission,
} from "@souk/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiClient, getCsrfToken, refreshCsrfToken } from "../../../lib/api.ts";
import { ApiError, NETWORK_ERROR_CODE } from "../../../lib/api-client.ts";
import { verificationQueryKey } from "./verification-api.ts";

/** The video step's calls (docs/decisions/119-video-verification.md). */

const VIDEO_UPLOAD_PATH = "/account/verification/video/upload";

/** GET /rest/v1/verification/left-attempt/video: the tries left and the selfie mode. */
export function videoAttemptsQueryOptions() {
  return queryOptions({
    queryKey: [...verificationQueryKey, "left-attempt", "video"],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get("/rest/v1/verification/left-attempt/video", {
          schema: envelopeSchema(leftAttemptSchema),
          signal,
        })
      ).data,
  });
}

const GENERIC_ERROR: ErrorBody = { errors: { message: "The upload failed", code: NETWORK_ERROR_CODE, details: null } };

function errorBodyOf(text: string): ErrorBody {
  try {
    const parsed = JSON.parse(text) as ErrorBody;
    return typeof parsed?.errors?.code === "string" ? parsed : GENERIC_ERROR;
  } catch {
    return GENERIC_ERROR;
  }
}

/**
 * One POST of the video with XMLHttpRequest, whose upload events fetch does not give: `onProgress`
 * gets the share sent, 0 to 1. Same headers as the API client (CSRF token and marker).
 */
function postWithProgress(
  form: FormData,
  onProgress: (share: number) => void,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${VIDEO_UPLOAD_PATH}?keyCase=camelCase`);
    request.withCredentials = true;
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader(CSRF_HEADER, getCsrfToken());
    request.setRequestHeader(REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new ApiError(0, GENERIC_ERROR, { method: "POST", url: VIDEO_UPLOAD_PATH }));
    request.send(form);
  });
}

/** Sends the video (field `video`); a stale CSRF token is refreshed once, as the API client does. */
export async function uploadVideo(file: File, onProgress: (share: number) => void): Promise<VerificationSubmission> {
  const form = new FormData();
  form.append("video", file, file.name);
  let answer = await postWithProgress(form, onProgress);
  if (answer.status === 403 && errorBodyOf(answer.text).errors.code === ErrorCode.CSRF) {
    await refreshCsrfToken();
    onProgress(0);
    answer = await postWithProgress(form, onProgress);
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiError(answer.status, errorBodyOf(answer.text), { method: "POST", url: VIDEO_UPLOAD_PATH });
  }
  let json: unknown = null;
  try {
    json = JSON.parse(answer.text);
  } catch {
    // Not JSON: refused below as an answer of the wrong shape.
  }
  const parsed = submissionAnswerSchema.safeParse(json);
  if (!parsed.success) throw new ApiError(answer.status, GENERIC_ERROR, { method: "POST", url: VIDEO_UPLOAD_PATH });
  return parsed.data.data;
}
