import type { ExportFormat } from "@souk/contracts";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import PDFDocument from "pdfkit";

/** One trade of the history as it goes into a file. Amounts stay decimal strings (exact). */
export interface ExportRow {
  tradeId: string;
  startedAt: string;
  completedAt: string | null;
  cancelledAt: string | null;
  status: string;
  side: string;
  offerType: string;
  partner: string;
  cryptoAmount: string;
  cryptoCurrencyCode: string;
  feeAmount: string;
  fiatAmount: string;
  fiatCurrencyCode: string;
  fiatPricePerCrypto: string;
  paymentMethod: string;
}

export interface ExportHeading {
  startDate: string;
  endDate: string;
  generatedAt: Date;
  username: string;
}

const COLUMNS: { key: keyof ExportRow; title: string; width: number; isText?: boolean }[] = [
  { key: "tradeId", title: "Trade ID", width: 16 },
  { key: "startedAt", title: "Started (UTC)", width: 20 },
  { key: "completedAt", title: "Completed (UTC)", width: 20 },
  { key: "status", title: "Status", width: 16, isText: true },
  { key: "side", title: "Side", width: 8, isText: true },
  { key: "offerType", title: "Offer type", width: 10, isText: true },
  { key: "partner", title: "Partner", width: 18, isText: true },
  { key: "cryptoAmount", title: "Crypto amount", width: 16 },
  { key: "cryptoCurrencyCode", title: "Crypto", width: 8, isText: true },
  { key: "feeAmount", title: "Fee", width: 14 },
  { key: "fiatAmount", title: "Fiat amount", width: 14 },
  { key: "fiatCurrencyCode", title: "Fiat", width: 6, isText: true },
  { key: "fiatPricePerCrypto", title: "Price per crypto", width: 16 },
  { key: "paymentMethod", title: "Payment method", width: 24, isText: true },
];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** "2025-01-02T03:04:05.000Z" → "2025-01-02 03:04:05": readable and sortable. */
function formatTime(iso: string | null): string {
  return iso ? iso.replace("T", " ").replace(/\.\d+Z$|Z$/, "") : "";
}

/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a text cell that starts with = + - @,
 * a tab or a carriage return is prefixed with an apostrophe so that it stays text.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cellsOf(row: ExportRow): string[] {
  return COLUMNS.map((column) => {
    const value = row[column.key];
    if (column.key === "startedAt") return formatTime(value);
    if (column.key === "completedAt") return formatTime(row.completedAt ?? row.cancelledAt);
    const text = value ?? "";
    return column.isText ? neutraliseFormula(text) : text;
  });
}

export function renderCsv(rows: ExportRow[]): Buffer {
  const text = stringify([COLUMNS.map((column) => column.title), ...rows.map(cellsOf)], { record_delimiter: "\r\n" });
  // A byte-order mark so that spreadsheet programs read the file as UTF-8.
  return Buffer.from(`\uFEFF${text}`, "utf8");
}

/**
 * Amounts are written as text to keep every decimal exactly (a spreadsheet number is a binary
 * float); the columns are right-aligned so that they still read as figures.
 */
export async function renderXlsx(rows: ExportRow[], heading: ExportHeading): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Souk";
  workbook.created = heading.generatedAt;
  const sheet = workbook.addWorksheet("Trade history", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ header: column.title, key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(cellsOf(row));
  for (const column of COLUMNS) {
    if (!column.isText && column.key !== "tradeId") sheet.getColumn(column.key).alignment = { horizontal: "right" };
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const PDF_COLUMNS: { title: string; width: number; pick: (row: ExportRow) => string }[] = [
  { title: "Trade", width: 70, pick: (row) => row.tradeId },
  { title: "Started (UTC)", width: 92, pick: (row) => formatTime(row.startedAt) },
  { title: "Status", width: 84, pick: (row) => row.status },
  { title: "Side", width: 36, pick: (row) => row.side },
  { title: "Partner", width: 84, pick: (row) => row.partner },
  { title: "Crypto", width: 96, pick: (row) => `${row.cryptoAmount} ${row.cryptoCurrencyCode}` },
  { title: "Fiat", width: 84, pick: (row) => `${row.fiatAmount} ${row.fiatCurrencyCode}` },
  { title: "Price", width: 72, pick: (row) => row.fiatPricePerCrypto },
  { title: "Payment method", width: 140, pick: (row) => row.paymentMethod },
];

export async function renderPdf(rows: ExportRow[], heading: ExportHeading): Promise<Buffer> {
  const document = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 36,
    info: { Title: "Trade history", Author: "Souk", CreationDate: heading.generatedAt },
  });
  const chunks: Buffer[] = [];
  document.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    document.on("end", () => resolve());
    document.on("error", reject);
  });

  const left = document.page.margins.left;
  const lineHeight = 16;
  const drawHeader = () => {
    let x = left;
    document.font("Helvetica-Bold").fontSize(8);
    const y = document.y;
    for (const column of PDF_COLUMNS) {
      document.text(column.title, x, y, { width: column.width - 4, lineBreak: false, ellipsis: true });
      x += column.width;
    }
    document
      .moveTo(left, y + 12)
      .lineTo(x, y + 12)
      .lineWidth(0.5)
      .stroke();
    document.y = y + lineHeight;
    document.font("Helvetica").fontSize(8);
  };

  document.font("Helvetica-Bold").fontSize(14).text("Trade history");
  document
    .font("Helvetica")
    .fontSize(9)
    .text(`${heading.username} · ${heading.startDate} to ${heading.endDate} (UTC) · ${rows.length} trades`)
    .text(`Generated ${formatTime(heading.generatedAt.toISOString())} UTC`)
    .moveDown();
  drawHeader();
  const bottom = document.page.height - document.page.margins.bottom - lineHeight;
  for (const row of rows) {
    if (document.y > bottom) {
      document.addPage();
      drawHeader();
    }
    const y = document.y;
    let x = left;
    for (const column of PDF_COLUMNS) {
      document.text(column.pick(row), x, y, { width: column.width - 4, lineBreak: false, ellipsis: true });
      x += column.width;
    }
    document.y = y + lineHeight;
  }
  document.end();
  await finished;
  return Buffer.concat(chunks);
}

export async function renderExport(format: ExportFormat, rows: ExportRow[], heading: ExportHeading): Promise<Buffer> {
  switch (format) {
    case "csv":
      return renderCsv(rows);
    case "xlsx":
      return renderXlsx(rows, heading);
    case "pdf":
      return renderPdf(rows, heading);
  }
}
