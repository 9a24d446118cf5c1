import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

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
  "#049a62",
  "#008553",
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

export const theme = createTheme({
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

/** Page and surface colours the theme object cannot express. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    "--souk-header-height": "64px",
  },
  light: {
    "--mantine-color-body": "#f5f7fa",
    "--souk-surface": "#ffffff",
    "--souk-surface-muted": "#eef2f6",
    "--souk-border": "#e3e8ef",
    "--souk-hero-glow": "rgba(18, 173, 112, 0.16)",
  },
  dark: {
    "--mantine-color-body": "#0f1522",
    "--souk-surface": "#151c2b",
    "--souk-surface-muted": "#1b2334",
    "--souk-border": "#262f43",
    "--souk-hero-glow": "rgba(34, 197, 131, 0.14)",
  },
});
