import { MantineProvider } from "@mantine/core";
import type { SiteTheme } from "@souk/contracts";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { useIsToasterWanted } from "../lib/toaster-demand.ts";
import { createCookieColorSchemeManager } from "./color-scheme-manager.ts";
import { CommonErrorsModal } from "./shell/common-errors-modal.tsx";
import { cssVariablesResolver, themeWithCloseLabel } from "./theme.ts";

export interface AppProvidersProps {
  queryClient: QueryClient;
  i18n: I18n;
  /** Used when the `site_theme` cookie is absent: the signed-in user's saved theme, else light. */
  defaultColorScheme: SiteTheme;
  children: ReactNode;
  /** "test" turns off transitions and portals in component tests. */
  env?: "default" | "test";
}

const colorSchemeManager = createCookieColorSchemeManager();

const Toaster = lazy(() => import("./shell/toaster.tsx").then((module) => ({ default: module.Toaster })));

export function AppProviders({ queryClient, i18n, ...rest }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <LocalizedMantineProvider {...rest} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** Mantine with the theme in the page's language (the close buttons' name follows it). */
function LocalizedMantineProvider({
  defaultColorScheme,
  children,
  env = "default",
}: Omit<AppProvidersProps, "queryClient" | "i18n">) {
  const { t } = useTranslation();
  const closeLabel = t("common.close");
  const theme = useMemo(() => themeWithCloseLabel(closeLabel), [closeLabel]);
  // The toaster shows nothing until a toast: its code loads with the first toast (lib/toaster-demand.ts),
  // never in a server render, so a page the server draws has no part left waiting for code
  // (docs/decisions/148-server-rendered-first-paint.md, docs/decisions/151-lighter-first-load-and-kept-pages.md).
  const isToasterWanted = useIsToasterWanted();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={defaultColorScheme}
      env={env}
    >
      {isToasterWanted ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
      <CommonErrorsModal />
      {children}
    </MantineProvider>
  );
}
