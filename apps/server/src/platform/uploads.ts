import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import type { ChatAttachmentReason } from "@souk/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DomainError, inputError } from "./errors.ts";
import type { UploadedFile } from "./file-checks.ts";
import { hasForbiddenCharacter } from "./input-guard.ts";

/** A refused file: 422 with the reason under `files`, like any field error. */
export function fileRefused(reason: ChatAttachmentReason): DomainError {
  return inputError({ files: [reason] }, "An attachment was refused.");
}

/** Lets `scope` parse multipart bodies. Register it in the upload routes' own scope: the rest of the API takes JSON. */
export async function acceptMultipart(scope: FastifyInstance): Promise<void> {
  if (!scope.hasRequestDecorator("parts")) await scope.register(fastifyMultipart);
}

export interface MultipartLimits {
  fileBytes: number;
  files: number;
  fields: number;
  fieldBytes: number;
}

export interface MultipartUpload {
  files: UploadedFile[];
  /** Text fields by name (the last one wins). */
  fields: Map<string, string>;
  /** Text fields whose value was longer than `fieldBytes` and was cut. */
  truncatedFields: Set<string>;
}

/**
 * Reads a multipart upload into memory within the limits: a file over the size limit or one file
 * too many stops the parse with the spec's reason, before the rest of the body is read.
 */
export async function readMultipart(request: FastifyRequest, limits: MultipartLimits): Promise<MultipartUpload> {
  if (!request.isMultipart()) {
    throw inputError({ files: ["attachment_required"] }, "Send the files as multipart/form-data.");
  }
  const upload: MultipartUpload = { files: [], fields: new Map(), truncatedFields: new Set() };
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.fileBytes,
        files: limits.files,
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.files + limits.fields,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        const file = part as MultipartFile;
        upload.files.push({
          fileName: file.filename ?? "",
          declaredType: file.mimetype ?? "",
          bytes: await file.toBuffer(),
          field: file.fieldname,
        });
      } else if (typeof part.value === "string") {
        // Multipart text fields meet the rule every other string of a request meets.
        if (hasForbiddenCharacter(part.fieldname) || hasForbiddenCharacter(part.value)) {
          throw inputError(
            { [safeFieldName(part.fieldname)]: ["control_character"] },
            "A field holds a control character.",
          );
        }
        upload.fields.set(part.fieldname, part.value);
        if (part.valueTruncated) upload.truncatedFields.add(part.fieldname);
      }
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw fileRefused("attachment_limit_size");
    if (code === "FST_FILES_LIMIT") throw fileRefused("attachment_limit_count");
    if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw inputError({ body: ["multipart_too_many_parts"] }, "The upload has too many parts.");
    }
    throw inputError({ body: ["multipart_invalid"] }, "The upload could not be read.");
  }
  return upload;
}

function safeFieldName(name: string): string {
  return hasForbiddenCharacter(name) ? "body" : name;
}

export interface StoredFileReply {
  bytes: Buffer;
  /** The type the content check found, never the one the uploader declared. */
  contentType: string;
  fileName: string;
  /** Images are shown in the page; PDFs are downloaded. */
  isInline: boolean;
}

/** Serves an uploaded file back: nothing here lets a browser run it or guess another type. */
export function replyWithStoredFile(reply: FastifyReply, file: StoredFileReply): FastifyReply {
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `${file.isInline ? "inline" : "attachment"}; filename="${file.fileName}"`)
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; img-src 'self'; sandbox")
    .header("cross-origin-resource-policy", "same-origin")
    .header("cache-control", "private, max-age=3600")
    .send(file.bytes);
}
