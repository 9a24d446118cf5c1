import { useComputedColorScheme } from "@mantine/core";
import {
  AreaSeries,
  ColorType,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from "lightweight-charts";
import { useEffect, useRef } from "react";
import type { ChartPoint } from "../api/converter-api.ts";

export interface PriceChartProps {
  points: readonly ChartPoint[];
  /** Digits after the dot of the prices drawn (the fiat's decimals). */
  decimals: number;
  label: string;
  locale: "en" | "fr";
}

const palettes = {
  light: {
    text: "#5f6b82",
    grid: "rgba(15, 21, 34, 0.06)",
    line: "#049a62",
    top: "rgba(18, 173, 112, 0.28)",
    bottom: "rgba(18, 173, 112, 0.02)",
  },
  dark: {
    text: "#aeb7c7",
    grid: "rgba(255, 255, 255, 0.06)",
    line: "#34c98b",
    top: "rgba(52, 201, 139, 0.3)",
    bottom: "rgba(52, 201, 139, 0.02)",
  },
} as const;

/**
 * The price history drawn with lightweight-charts. This module is loaded on its own (a lazy
 * chunk), so the chart library is fetched only by the page that shows a chart. Prices arrive as
 * decimal strings; turning them into numbers here only places points on the screen.
 */
export function PriceChart({ points, decimals, label, locale }: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<"Area"> | null>(null);
  const scheme = useComputedColorScheme("light");

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: "transparent" }, attributionLogo: false },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      handleScroll: false,
      handleScale: false,
    });
    chartRef.current = chart;
    seriesRef.current = chart.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false });
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  useEffect(() => {
    const format = new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-US", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    chartRef.current?.applyOptions({
      localization: {
        locale: locale === "fr" ? "fr-FR" : "en-US",
        priceFormatter: (price: number) => format.format(price),
      },
    });
  }, [locale, decimals]);

  useEffect(() => {
    const palette = palettes[scheme];
    chartRef.current?.applyOptions({
      layout: { textColor: palette.text },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    });
    seriesRef.current?.applyOptions({
      lineColor: palette.line,
      topColor: palette.top,
      bottomColor: palette.bottom,
      priceFormat: { type: "price", precision: decimals, minMove: 1 / 10 ** decimals },
    });
  }, [scheme, decimals]);

  useEffect(() => {
    seriesRef.current?.setData(
      points.map((point) => ({ time: point.time as UTCTimestamp, value: Number(point.value) })),
    );
    chartRef.current?.timeScale().fitContent();
  }, [points]);

  return (
    <div
      ref={containerRef}
      role="img"
      aria-label={label}
      style={{ width: "100%", height: 300 }}
      data-testid="price-chart"
    />
  );
}
