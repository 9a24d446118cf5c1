import { MantineProvider } from "@mantine/core";
import type { SiteTheme } from "@souk/contracts";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import { lazy, type ReactNode, Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { createCookieColorSchemeManager } from "./color-scheme-manager.ts";
import { CommonErrorsModal } from "./shell/common-errors-modal.tsx";
import { cssVariablesResolver, theme } from "./theme.ts";

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

export function AppProviders({ queryClient, i18n, defaultColorScheme, children, env = "default" }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme={defaultColorScheme}
          env={env}
        >
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
          <CommonErrorsModal />
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
