import { useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";

/**
 * Below the theme's `sm` breakpoint the messenger is a page, not a panel. Read on the first render
 * (not after it), so a phone never sees the panel flash open before the page replaces it.
 */
export function useSmallScreen(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, undefined, { getInitialValueInEffect: false });
}
