import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeOverride,
  mergeThemeOverrides,
} from "@mantine/core";

/** Souk green: the brand colour, used for primary actions and accents. */
const souk: MantineColorsTuple = [
  "#e7fbf3",
  "#d2f4e6",
  "#a5e8cc",
  "#74dbb0",
  "#4dd09a",
  "#34c98b",
  "#22c583",
  "#12ad70",
  // Shades 8 and 9 carry white text (filled buttons) and are text on light surfaces: both at 4.5:1
  // or more (WCAG 2.2 AA), see theme-contrast.test.ts.
  "#037a4e",
  "#02663f",
];

/** A blue-tinted dark scale, so the dark theme reads as deep navy rather than grey. */
const dark: MantineColorsTuple = [
  "#d5dbe6",
  "#aeb7c7",
  "#8792a7",
  "#5f6b82",
  "#3d4860",
  "#2b354b",
  "#1e2739",
  "#151c2b",
  "#0f1522",
  "#0a0f19",
];

const fontStack =
  '"IBM Plex Sans", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const theme = createTheme({
  primaryColor: "souk",
  primaryShade: { light: 8, dark: 8 },
  colors: { souk, dark },
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: "700" },
  defaultRadius: "md",
  cursorType: "pointer",
  // The spec's breakpoints (docs/product.md#banners-toasts-and-layout): 568, 768, 992 and 1200 px;
  // 320 is the smallest screen.
  breakpoints: { xs: "35.5em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
  components: {
    Button: { defaultProps: { radius: "md" } },
    TextInput: { defaultProps: { size: "md" } },
    PasswordInput: { defaultProps: { size: "md" } },
    Container: { defaultProps: { size: "lg" } },
  },
});

/**
 * Text on light surfaces and light badges in the light theme, one per colour: Mantine's shade 8
 * (orange, yellow, teal...) reads at 2.7 to 4:1 on its own pale tint, these at 4.7:1 or more.
 */
export const lightThemeTextColors: Record<string, string> = {
  gray: "#495057",
  red: "#c12828",
  pink: "#a61e4d",
  grape: "#862e9c",
  violet: "#5f3dc4",
  indigo: "#364fc7",
  blue: "#1864ab",
  cyan: "#0b7285",
  teal: "#087756",
  green: "#267937",
  lime: "#4a760a",
  yellow: "#a65600",
  orange: "#b63c0d",
  souk: "#02663f",
};

/** Secondary ("dimmed") text and placeholders, readable at 4.5:1 on every surface of each theme. */
export const mutedTextColors = {
  light: { dimmed: "#5c6670", placeholder: "#626b75" },
  dark: { dimmed: "#a9b3c4", placeholder: "#8f9ab0" },
} as const;

const lightThemeTextVariables = Object.fromEntries(
  Object.entries(lightThemeTextColors).flatMap(([color, value]) => [
    [`--mantine-color-${color}-light-color`, value],
    [`--mantine-color-${color}-text`, value],
  ]),
);

/**
 * The theme with the page language's name for the close buttons of every dialog and drawer
 * (Mantine draws them as icon buttons with no text): a dialog that names its own keeps it.
 */
export function themeWithCloseLabel(closeLabel: string): MantineThemeOverride {
  const closeButtonProps = { "aria-label": closeLabel };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
        Alert: { defaultProps: { closeButtonLabel: closeLabel } },
      },
    }),
  );
}

/** Page and surface colours the theme object cannot express. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    "--souk-header-height": "64px",
  },
  light: {
    ...lightThemeTextVariables,
    "--mantine-color-dimmed": mutedTextColors.light.dimmed,
    "--mantine-color-placeholder": mutedTextColors.light.placeholder,
    "--mantine-color-anchor": "var(--mantine-color-souk-8)",
    "--mantine-color-body": "#f5f7fa",
    "--souk-surface": "#ffffff",
    "--souk-surface-muted": "#eef2f6",
    "--souk-border": "#e3e8ef",
    "--souk-hero-glow": "rgba(18, 173, 112, 0.16)",
  },
  dark: {
    "--mantine-color-dimmed": mutedTextColors.dark.dimmed,
    "--mantine-color-placeholder": mutedTextColors.dark.placeholder,
    "--mantine-color-body": "#0f1522",
    "--souk-surface": "#151c2b",
    "--souk-surface-muted": "#1b2334",
    "--souk-border": "#262f43",
    "--souk-hero-glow": "rgba(34, 197, 131, 0.14)",
  },
});
