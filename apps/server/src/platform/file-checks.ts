import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_IMAGE_MAX_SIDE,
  CHAT_PDF_MAX_PAGES,
  type ChatAttachmentReason,
} from "@souk/contracts";
import { PDFDocument, PDFName } from "pdf-lib";
import sharp from "sharp";

/**
 * Content checks of uploaded files, shared by every upload (chat attachments, trade requirement
 * files): what a file is comes from its bytes, and what is stored is a re-encoded image or a
 * rebuilt PDF, never the bytes as sent (docs/decisions, "Attachments").
 */

/** What an uploaded file is by its first bytes; the name and the declared type do not count. */
export type SniffedType = "png" | "jpeg" | "webp" | "pdf";

export function sniffType(bytes: Uint8Array): SniffedType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x52, 0x49, 0x46, 0x46) && Buffer.from(bytes.subarray(8, 12)).toString("latin1") === "WEBP") return "webp";
  // A PDF header may follow a little leading junk (up to 1024 bytes, as readers accept).
  if (Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-")) return "pdf";
  return null;
}

export interface UploadedFile {
  fileName: string;
  /** The Content-Type the client sent: only used to pick the reason of a refusal. */
  declaredType: string;
  bytes: Buffer;
  /** The multipart field it came in (a verification names its sides so: front, back, selfie). */
  field?: string;
}

export interface CheckedFile {
  kind: "image" | "pdf";
  contentType: string;
  fileName: string;
  bytes: Buffer;
  width: number | null;
  height: number | null;
  pageCount: number | null;
}

export type CheckResult = { ok: true; file: CheckedFile } | { ok: false; reason: ChatAttachmentReason };

export interface AttachmentLimits {
  maxBytes: number;
  maxImageSide: number;
  maxPdfPages: number;
}

export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  maxBytes: CHAT_ATTACHMENT_MAX_BYTES,
  maxImageSide: CHAT_IMAGE_MAX_SIDE,
  maxPdfPages: CHAT_PDF_MAX_PAGES,
};

const IMAGE_CONTENT_TYPES: Record<Exclude<SniffedType, "pdf">, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
};
const EXTENSIONS: Record<SniffedType, string> = { png: ".png", jpeg: ".jpg", webp: ".webp", pdf: ".pdf" };

// Decompression bombs: a small file that claims a huge canvas is refused before decoding.
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * A name safe to put in a Content-Disposition header and to show: the base name only, plain
 * characters, and the extension of what the file really is.
 */
export function safeFileName(original: string, type: SniffedType): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const stem = base
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, "_")
    .replace(/^[ ._]+/, "")
    .slice(0, 80)
    .trim();
  return `${stem || "attachment"}${EXTENSIONS[type]}`;
}

/** Which reason to give a file that is not what it claims (or nothing we accept). */
function unrecognisedReason(file: UploadedFile): ChatAttachmentReason {
  const claim = `${file.declaredType} ${file.fileName}`.toLowerCase();
  if (/pdf/.test(claim)) return "attachment_pdf_broken";
  if (/image\/|\.(png|jpe?g|webp|gif|bmp|heic)\b/.test(claim)) return "attachment_image_broken";
  return "attachment_type_not_allowed";
}

/**
 * Re-encodes an image with sharp: the decoded pixels are written out again, so metadata (EXIF
 * with its location and camera data) and anything appended to the file are gone. The EXIF
 * orientation is applied first so that the picture still stands the right way up.
 */
async function checkImage(
  file: UploadedFile,
  type: Exclude<SniffedType, "pdf">,
  limits: AttachmentLimits,
): Promise<CheckResult> {
  try {
    const input = sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning", animated: false });
    const metadata = await input.metadata();
    if (metadata.format !== type) {
      return { ok: false, reason: "attachment_image_broken" };
    }
    const pipeline = input
      .rotate()
      .resize({ width: limits.maxImageSide, height: limits.maxImageSide, fit: "inside", withoutEnlargement: true });
    const encoded =
      type === "png"
        ? pipeline.png({ compressionLevel: 9 })
        : type === "jpeg"
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      file: {
        kind: "image",
        contentType: IMAGE_CONTENT_TYPES[type],
        fileName: safeFileName(file.fileName, type),
        bytes: data,
        width: info.width,
        height: info.height,
        pageCount: null,
      },
    };
  } catch {
    return { ok: false, reason: "attachment_image_broken" };
  }
}

/**
 * Parses a PDF with pdf-lib and rebuilds it from its pages alone: document-level scripts,
 * open actions, embedded files and forms stay behind, and page annotations (links, widgets and
 * their actions) are dropped too. What is stored is the rebuilt file.
 */
async function checkPdf(file: UploadedFile, limits: AttachmentLimits): Promise<CheckResult> {
  let source: PDFDocument;
  let pageCount: number;
  try {
    source = await PDFDocument.load(file.bytes, { updateMetadata: false, throwOnInvalidObject: true });
    pageCount = source.getPageCount();
  } catch {
    return { ok: false, reason: "attachment_pdf_broken" };
  }
  if (pageCount === 0) return { ok: false, reason: "attachment_pdf_empty" };
  if (pageCount > limits.maxPdfPages) return { ok: false, reason: "attachment_pdf_page_limit" };
  try {
    const rebuilt = await PDFDocument.create({ updateMetadata: false });
    const pages = await rebuilt.copyPages(source, source.getPageIndices());
    for (const page of pages) {
      page.node.delete(PDFName.of("Annots"));
      page.node.delete(PDFName.of("AA"));
      rebuilt.addPage(page);
    }
    const bytes = Buffer.from(await rebuilt.save({ useObjectStreams: true }));
    return {
      ok: true,
      file: {
        kind: "pdf",
        contentType: "application/pdf",
        fileName: safeFileName(file.fileName, "pdf"),
        bytes,
        width: null,
        height: null,
        pageCount,
      },
    };
  } catch {
    return { ok: false, reason: "attachment_pdf_broken" };
  }
}

/** Checks one upload by its content and returns the file to store, or the spec's reason. */
export async function checkAttachment(
  file: UploadedFile,
  limits: AttachmentLimits = DEFAULT_ATTACHMENT_LIMITS,
): Promise<CheckResult> {
  if (file.bytes.length > limits.maxBytes) return { ok: false, reason: "attachment_limit_size" };
  const type = sniffType(file.bytes);
  if (type === null) return { ok: false, reason: unrecognisedReason(file) };
  return type === "pdf" ? checkPdf(file, limits) : checkImage(file, type, limits);
}

/**
 * A video by its first bytes: an ISO media file (MP4 or QuickTime: an `ftyp` box with a video
 * brand; HEIF and AVIF images share the box and are not videos) or WebM (EBML, doctype webm).
 */
type SniffedVideo = "mp4" | "quicktime" | "webm";

const ISO_VIDEO_BRANDS = new Set([
  "isom",
  "iso2",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "avc1",
  "M4V ",
  "3gp4",
  "3gp5",
  "3gp6",
  "3g2a",
  "dash",
  "mmp4",
]);

function sniffVideo(bytes: Uint8Array): SniffedVideo | null {
  const text = (from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (bytes.length >= 12 && text(4, 8) === "ftyp") {
    const brand = text(8, 12);
    if (brand === "qt  ") return "quicktime";
    return ISO_VIDEO_BRANDS.has(brand) ? "mp4" : null;
  }
  const isEbml = bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3;
  return isEbml && text(0, 64).includes("webm") ? "webm" : null;
}

const VIDEOS: Record<SniffedVideo, { contentType: string; extension: string }> = {
  mp4: { contentType: "video/mp4", extension: ".mp4" },
  quicktime: { contentType: "video/quicktime", extension: ".mov" },
  webm: { contentType: "video/webm", extension: ".webm" },
};

/**
 * Checks a video upload by its content: one of the allowed containers and at most `maxBytes`.
 * Videos are stored as sent (nothing here re-encodes them), so they are only ever served as
 * downloads to reviewers, under a name of our making.
 */
interface CheckedVideo {
  kind: "video";
  contentType: string;
  fileName: string;
  bytes: Buffer;
}

export function checkVideo(
  file: UploadedFile,
  maxBytes: number,
): { ok: true; file: CheckedVideo } | { ok: false; reason: ChatAttachmentReason } {
  if (file.bytes.length > maxBytes) return { ok: false, reason: "attachment_limit_size" };
  if (file.bytes.length === 0) return { ok: false, reason: "attachment_type_not_allowed" };
  const type = sniffVideo(file.bytes);
  if (type === null) return { ok: false, reason: "attachment_type_not_allowed" };
  const { contentType, extension } = VIDEOS[type];
  return {
    ok: true,
    file: { kind: "video", contentType, fileName: `video${extension}`, bytes: file.bytes },
  };
}
