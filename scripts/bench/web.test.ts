import { describe, expect, it } from "vitest";
import { bestOf, figuresOf, reportLines } from "./web.ts";

function report(performance: number, lcpMs: number, scriptBytes: number) {
  return {
    categories: {
      performance: { score: performance / 100 },
      accessibility: { score: 1 },
      "best-practices": { score: 1 },
      seo: { score: 0.92 },
    },
    audits: {
      "largest-contentful-paint": { numericValue: lcpMs },
      "total-blocking-time": { numericValue: 120 },
      "cumulative-layout-shift": { numericValue: 0.01 },
      "resource-summary": {
        details: { items: [{ resourceType: "script", transferSize: scriptBytes, requestCount: 9 }] },
      },
    },
  };
}

describe("the web bench's figures", () => {
  it("reads the scores, the metrics and the JavaScript bytes of a Lighthouse report", () => {
    const figures = figuresOf(report(91, 1800, 150 * 1024));
    expect(figures).toMatchObject({ lcpMs: 1800, tbtMs: 120, cls: 0.01, jsKiB: 150, jsRequests: 9 });
    expect(figures.scores).toEqual({ performance: 91, accessibility: 100, "best-practices": 100, seo: 92 });
    expect(figuresOf({ ...report(0, 0, 0), runtimeError: { code: "NO_FCP" } }).error).toBe("NO_FCP");
  });

  it("keeps the run with the best performance score", () => {
    const runs = [figuresOf(report(40, 4000, 1)), figuresOf(report(70, 3000, 1)), figuresOf(report(0, 0, 0))];
    expect(bestOf(runs).scores.performance).toBe(70);
    expect(() => bestOf([])).toThrow();
  });

  it("prints each figure beside its goal, the JavaScript goal on the marketplace only", () => {
    const lines = reportLines("/buy", figuresOf(report(91, 2500, 180 * 1024)));
    expect(lines.find((line) => line.includes("performance"))).toContain("met");
    expect(lines.find((line) => line.includes("seo"))).toContain("goal >= 95: NOT met");
    expect(lines.find((line) => line.includes("LCP"))).toContain("NOT met");
    expect(lines.find((line) => line.includes("JS transferred"))).toContain("goal <= 170 KiB: NOT met");
    expect(reportLines("/", figuresOf(report(91, 1500, 1))).join("\n")).not.toContain("170 KiB");
  });
});
