// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test-utils/render-app.tsx";
import { ConverterPage } from "./converter-page.tsx";

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

const currencies = [
  {
    id: 144,
    name: "US Dollar",
    code: "USD",
    rate: { usd: "1", btc: "87350.00", usdt: "1.00" },
    defaultAmount: "1",
    order: 1,
  },
  {
    id: 145,
    name: "Euro",
    code: "EUR",
    rate: { usd: "0.865", btc: "75557.75", usdt: "0.87" },
    defaultAmount: "1",
    order: 2,
  },
];

const fetchMock = vi.fn<typeof fetch>();
const chartCalls: URL[] = [];

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  chartCalls.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/rest/v1/calculator/currency")
      return json(200, { data: currencies, meta: { asOf: "2026-11-20" } });
    if (url.pathname === "/rest/v1/calculator") {
      chartCalls.push(url);
      return json(200, {
        data: [],
        meta: { range: url.searchParams.get("range"), currency: "EUR", cryptoCurrencyCode: "BTC", resolution: "day" },
      });
    }
    return json(404, { errors: { message: "no", code: "ERROR_NOT_FOUND", details: null } });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderConverter(path: string) {
  return renderWithApp(
    <Routes>
      <Route path="/calculator/:conversion" element={<ConverterPage />} />
    </Routes>,
    { path },
  );
}

describe("converter", () => {
  it("starts at 1 unit of fiat and converts both ways in exact decimals", async () => {
    await renderConverter("/calculator/btc-to-eur");
    expect((await screen.findByTestId("converter-rate")).textContent).toBe("1 BTC = 75,557.75 EUR");
    const fiat = screen.getByLabelText("Euro (EUR)") as HTMLInputElement;
    const btc = screen.getByLabelText("Bitcoin (BTC)") as HTMLInputElement;
    expect(fiat.value).toBe("1");
    expect(btc.value).toBe("0.00001323");

    fireEvent.change(btc, { target: { value: "0.5" } });
    expect(fiat.value).toBe("37778.88");
    fireEvent.change(fiat, { target: { value: "100.123" } });
    expect(fiat.value).toBe("37778.88");
  });

  it("asks for a month of history first, then the range chosen", async () => {
    await renderConverter("/calculator/btc-to-eur");
    expect(await screen.findByText("No price history recorded for this period yet.")).toBeTruthy();
    expect(chartCalls[0]?.searchParams.get("range")).toBe("month");
    expect(chartCalls[0]?.searchParams.get("currency")).toBe("EUR");
    fireEvent.click(screen.getByText("Year"));
    await vi.waitFor(() => expect(chartCalls.at(-1)?.searchParams.get("range")).toBe("year"));
  });

  it("lists the currencies table and names an unknown currency", async () => {
    await renderConverter("/calculator/btc-to-xyz");
    expect(await screen.findByText("We have no rate for “XYZ”")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Convert EUR" }).getAttribute("href")).toBe("/calculator/btc-to-eur");
    expect(screen.getByText("87,350.00")).toBeTruthy();
  });
});
