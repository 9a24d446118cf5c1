import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import sharp from "sharp";

/** Real files for the attachment tests, made on the spot (nothing binary is checked in). */

export async function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF (camera, copyright, GPS position) and an orientation of 6 (rotated). */
export async function jpegWithExif(width = 120, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "SecretCam", Model: "X100", Copyright: "Private Person" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 3/1" },
    })
    .toBuffer();
}

export async function webpImage(): Promise<Buffer> {
  return sharp({ create: { width: 30, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } })
    .webp()
    .toBuffer();
}

export async function pdfWithPages(pages: number, options: { withScript?: boolean } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([200, 200]);
    page.drawText(`page ${index + 1}`, { x: 20, y: 100, size: 12 });
  }
  if (options.withScript) {
    const action = document.context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of("app.alert('hi')") });
    document.catalog.set(PDFName.of("OpenAction"), document.context.register(action));
  }
  return Buffer.from(await document.save({ addDefaultPage: false, useObjectStreams: false }));
}

export function brokenPdf(): Buffer {
  return Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R\nthis is not a pdf at all\n%%EOF\n");
}

/**
 * The start of an ISO media file (an `ftyp` box of the given brand, then an empty `mdat`) padded to
 * `size` bytes: what the video checks read. Not playable; nothing here decodes video.
 */
export function isoMediaFile(brand = "isom", size = 4096): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftyp", 4, "latin1");
  ftyp.write(brand, 8, "latin1");
  ftyp.writeUInt32BE(512, 12);
  ftyp.write(`${brand}mp41`, 16, "latin1");
  const mdat = Buffer.alloc(Math.max(8, size - ftyp.length));
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdat]);
}

/** The start of a WebM file (the EBML header with doctype webm), padded to `size` bytes. */
export function webmFile(size = 4096): Buffer {
  const header = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...Buffer.from("webm", "latin1")]);
  return Buffer.concat([header, Buffer.alloc(Math.max(0, size - header.length))]);
}
