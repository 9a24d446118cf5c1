import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  brokenPdf,
  isoMediaFile,
  jpegWithExif,
  pdfWithPages,
  pngImage,
  webmFile,
  webpImage,
} from "../../test/sample-files.ts";
import { checkAttachment, checkVideo, DEFAULT_ATTACHMENT_LIMITS, safeFileName, sniffType } from "./file-checks.ts";

function upload(bytes: Buffer, fileName: string, declaredType = "application/octet-stream") {
  return { bytes, fileName, declaredType };
}

describe("attachment checks", () => {
  it("recognises png, jpeg, webp and pdf by their first bytes", async () => {
    expect(sniffType(await pngImage())).toBe("png");
    expect(sniffType(await jpegWithExif())).toBe("jpeg");
    expect(sniffType(await webpImage())).toBe("webp");
    expect(sniffType(await pdfWithPages(1))).toBe("pdf");
    expect(sniffType(Buffer.from("hello, I am text"))).toBeNull();
  });

  it("accepts a valid PNG and re-encodes it without what was appended to it", async () => {
    const payload = Buffer.from("<script>alert(1)</script>");
    const result = await checkAttachment(upload(Buffer.concat([await pngImage(), payload]), "shot.png", "image/png"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file).toMatchObject({ kind: "image", contentType: "image/png", width: 64, height: 48 });
    expect(result.file.bytes.includes(payload)).toBe(false);
  });

  it("strips EXIF from a JPEG and keeps it the right way up", async () => {
    const original = await jpegWithExif(120, 60);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const result = await checkAttachment(upload(original, "photo.jpeg", "image/jpeg"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const metadata = await sharp(result.file.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(result.file.bytes.includes(Buffer.from("SecretCam"))).toBe(false);
    // Orientation 6 means "rotate 90°": the stored picture is upright, so width and height swap.
    expect([result.file.width, result.file.height]).toEqual([60, 120]);
  });

  it("shrinks an image larger than the maximum side", async () => {
    const result = await checkAttachment(upload(await pngImage(3000, 1000), "wide.png"), DEFAULT_ATTACHMENT_LIMITS);
    expect(result.ok && [result.file.width, result.file.height]).toEqual([2048, 683]);
  });

  it("refuses a text file named .png by its content", async () => {
    const result = await checkAttachment(upload(Buffer.from("just some text"), "cat.png", "image/png"));
    expect(result).toEqual({ ok: false, reason: "attachment_image_broken" });
  });

  it("refuses a file that is neither an image nor a PDF", async () => {
    const result = await checkAttachment(
      upload(Buffer.from("MZ\x90\x00binary"), "tool.exe", "application/x-msdownload"),
    );
    expect(result).toEqual({ ok: false, reason: "attachment_type_not_allowed" });
  });

  it("refuses a truncated image as broken", async () => {
    const png = await pngImage(200, 200);
    const result = await checkAttachment(upload(png.subarray(0, 60), "half.png"));
    expect(result).toEqual({ ok: false, reason: "attachment_image_broken" });
  });

  it("refuses a broken PDF, an empty PDF and one over the page limit", async () => {
    expect(await checkAttachment(upload(brokenPdf(), "a.pdf"))).toEqual({ ok: false, reason: "attachment_pdf_broken" });
    expect(await checkAttachment(upload(await pdfWithPages(0), "b.pdf"))).toEqual({
      ok: false,
      reason: "attachment_pdf_empty",
    });
    expect(await checkAttachment(upload(await pdfWithPages(21), "c.pdf"))).toEqual({
      ok: false,
      reason: "attachment_pdf_page_limit",
    });
    expect(await checkAttachment(upload(Buffer.from("plain text"), "d.pdf", "application/pdf"))).toEqual({
      ok: false,
      reason: "attachment_pdf_broken",
    });
  });

  it("accepts a PDF at the page limit and rebuilds it without its script", async () => {
    const original = await pdfWithPages(20, { withScript: true });
    expect(original.includes(Buffer.from("JavaScript"))).toBe(true);
    const result = await checkAttachment(upload(original, "invoice.pdf", "application/pdf"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file).toMatchObject({ kind: "pdf", contentType: "application/pdf", pageCount: 20 });
    expect(result.file.bytes.includes(Buffer.from("JavaScript"))).toBe(false);
  });

  it("refuses a file over the size limit before looking at it", async () => {
    const result = await checkAttachment(upload(await pngImage(), "x.png"), {
      ...DEFAULT_ATTACHMENT_LIMITS,
      maxBytes: 10,
    });
    expect(result).toEqual({ ok: false, reason: "attachment_limit_size" });
  });

  it("makes names safe and true to the content", () => {
    expect(safeFileName("../../etc/passwd.png", "png")).toBe("passwd.png");
    expect(safeFileName('evil"name\r\n.pdf', "pdf")).toBe("evil_name_.pdf");
    expect(safeFileName("photo.exe", "jpeg")).toBe("photo.jpg");
    expect(safeFileName("", "webp")).toBe("attachment.webp");
  });
});

describe("video checks", () => {
  it("accepts MP4, QuickTime and WebM by their bytes, named by what they are", () => {
    const mp4 = checkVideo(upload(isoMediaFile("isom"), "me.bin"), 10_000);
    expect(mp4).toMatchObject({ ok: true, file: { kind: "video", contentType: "video/mp4", fileName: "video.mp4" } });
    const mov = checkVideo(upload(isoMediaFile("qt  "), "me.mov"), 10_000);
    expect(mov).toMatchObject({ ok: true, file: { contentType: "video/quicktime", fileName: "video.mov" } });
    const webm = checkVideo(upload(webmFile(), "me.webm"), 10_000);
    expect(webm).toMatchObject({ ok: true, file: { contentType: "video/webm", fileName: "video.webm" } });
  });

  it("refuses an image, an HEIF image in an ISO box, text and an empty file as not allowed", async () => {
    for (const bytes of [await pngImage(), isoMediaFile("heic"), Buffer.from("not a video at all"), Buffer.alloc(0)]) {
      expect(checkVideo(upload(bytes, "video.mp4", "video/mp4"), 10_000)).toEqual({
        ok: false,
        reason: "attachment_type_not_allowed",
      });
    }
  });

  it("refuses a video over the size cap", () => {
    expect(checkVideo(upload(isoMediaFile("isom", 2048), "big.mp4"), 1024)).toEqual({
      ok: false,
      reason: "attachment_limit_size",
    });
  });
});
