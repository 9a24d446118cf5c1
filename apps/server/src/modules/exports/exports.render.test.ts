import ExcelJS from "exceljs";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { type ExportRow, neutraliseFormula, renderCsv, renderPdf, renderXlsx } from "./exports.render.ts";

function row(index: number, overrides: Partial<ExportRow> = {}): ExportRow {
  return {
    tradeId: `t${index}`,
    startedAt: "2025-01-02T03:04:05.000Z",
    completedAt: "2025-01-02T04:00:00.000Z",
    cancelledAt: null,
    status: "released",
    side: "bought",
    offerType: "sell",
    partner: `partner${index}`,
    cryptoAmount: "0.00150000",
    cryptoCurrencyCode: "BTC",
    feeAmount: "0.00001500",
    fiatAmount: "150.00",
    fiatCurrencyCode: "USD",
    fiatPricePerCrypto: "100000.00",
    paymentMethod: "Bank transfer",
    ...overrides,
  };
}

const heading = {
  startDate: "2025-01-01",
  endDate: "2025-01-31",
  generatedAt: new Date("2025-02-01T00:00:00Z"),
  username: "alice",
};

describe("export files", () => {
  it("writes a CSV with a header, exact amounts and readable times", () => {
    const text = renderCsv([row(1), row(2, { completedAt: null, cancelledAt: "2025-01-03T00:00:00.000Z" })]).toString(
      "utf8",
    );
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Trade ID,Started \(UTC\),Completed \(UTC\),Status/);
    expect(lines[1]).toBe(
      "t1,2025-01-02 03:04:05,2025-01-02 04:00:00,released,bought,sell,partner1,0.00150000,BTC,0.00001500,150.00,USD,100000.00,Bank transfer",
    );
    expect(lines[2]).toContain(",2025-01-03 00:00:00,");
  });

  it("keeps text cells from being read as spreadsheet formulas", () => {
    expect(neutraliseFormula("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(neutraliseFormula("@SUM")).toBe("'@SUM");
    expect(neutraliseFormula("Bank")).toBe("Bank");
    const text = renderCsv([row(1, { paymentMethod: "=cmd|' /C calc'!A0" })]).toString("utf8");
    expect(text).toContain("'=cmd");
  });

  it("writes an xlsx workbook that reads back with every row", async () => {
    const bytes = await renderXlsx([row(1), row(2)], heading);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Trade history")!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe("Trade ID");
    expect(sheet.getRow(2).getCell(8).value).toBe("0.00150000");
    expect(sheet.getRow(3).getCell(7).value).toBe("partner2");
  });

  it("writes a PDF that opens and runs onto more pages for long histories", async () => {
    const short = await PDFDocument.load(await renderPdf([row(1)], heading));
    expect(short.getPageCount()).toBe(1);
    expect(short.getTitle()).toBe("Trade history");
    const rows = Array.from({ length: 80 }, (_, index) => row(index));
    const long = await PDFDocument.load(await renderPdf(rows, heading));
    expect(long.getPageCount()).toBeGreaterThan(1);
  });
});
