import { DEFAULT_THEME } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { cssVariablesResolver, lightThemeTextColors, mutedTextColors, themeWithCloseLabel } from "./theme.ts";

/** WCAG 2.2 relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const theme = themeWithCloseLabel("Close");
const variables = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as typeof DEFAULT_THEME);
const LIGHT_SURFACES = ["#ffffff", variables.light["--mantine-color-body"], variables.light["--souk-surface-muted"]];
const DARK_SURFACES = [
  variables.dark["--mantine-color-body"],
  variables.dark["--souk-surface"],
  variables.dark["--souk-surface-muted"],
];
const AA_TEXT = 4.5;

describe("the theme's colours (WCAG 2.2 AA)", () => {
  it("gives secondary text and placeholders 4.5:1 on every surface of each theme", () => {
    for (const surface of LIGHT_SURFACES) {
      expect(contrast(mutedTextColors.light.dimmed, surface ?? "")).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(mutedTextColors.light.placeholder, surface ?? "")).toBeGreaterThanOrEqual(AA_TEXT);
    }
    for (const surface of DARK_SURFACES) {
      expect(contrast(mutedTextColors.dark.dimmed, surface ?? "")).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrast(mutedTextColors.dark.placeholder, surface ?? "")).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it("puts white text on the filled primary buttons at 4.5:1, and the primary colour as text on light surfaces", () => {
    const souk = theme.colors?.souk ?? [];
    for (const shade of [souk[8], souk[9]]) {
      expect(contrast("#ffffff", shade ?? "")).toBeGreaterThanOrEqual(AA_TEXT);
      for (const surface of LIGHT_SURFACES)
        expect(contrast(shade ?? "", surface ?? "")).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it("keeps light badges readable: each colour's text on its own palest tint", () => {
    for (const [color, text] of Object.entries(lightThemeTextColors)) {
      const palette = color === "souk" ? (theme.colors?.souk ?? []) : DEFAULT_THEME.colors[color];
      for (const tint of [palette?.[0], palette?.[1], "#ffffff"]) {
        expect(contrast(text, tint ?? ""), `${color} on ${tint}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
      expect(variables.light[`--mantine-color-${color}-light-color`]).toBe(text);
    }
  });

  it("names every dialog's and drawer's close button", () => {
    expect(theme.components?.Modal?.defaultProps).toMatchObject({ closeButtonProps: { "aria-label": "Close" } });
    expect(theme.components?.Drawer?.defaultProps).toMatchObject({ closeButtonProps: { "aria-label": "Close" } });
  });
});
