import { type SiteTheme, TOAST_AUTO_CLOSE_MS } from "@souk/contracts";
import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
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
          <ModalsProvider>
            <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" limit={5} zIndex={400} />
            <CommonErrorsModal />
            {children}
          </ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
