import { Button, Center } from "@mantine/core";
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { reportError } from "../../lib/report-error.ts";
import { AlertTriangleIcon, RefreshIcon } from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { StatusPage } from "../../ui/status-page.tsx";

/** After a release, a tab opened earlier may ask for page code that no longer exists. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
      error.message,
    )
  );
}

/** The 500 page: something broke while showing this page. */
export function ServerErrorPage({ error }: { error?: unknown }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t("serverError.metaTitle")} · Souk`}</title>
      <StatusPage
        testId="server-error-page"
        icon={<AlertTriangleIcon />}
        eyebrow={t("serverError.code")}
        title={t("serverError.title")}
        body={isChunkLoadError(error) ? t("serverError.chunkBody") : t("serverError.body")}
        color="red"
        actions={
          <Button leftSection={<RefreshIcon size={16} />} onClick={() => window.location.reload()}>
            {t("common.reload")}
          </Button>
        }
      />
    </>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
  /** When it changes (the user went to another page), a caught error is forgotten. */
  resetKey?: string;
}

interface ErrorBoundaryState {
  hasError: boolean;
  error: unknown;
}

/** Catches render errors below it, reports them and shows `fallback` instead. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false, error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { hasError: true, error };
  }

  override componentDidCatch(error: unknown): void {
    reportError({ kind: "render_error", message: error instanceof Error ? error.message : String(error), error });
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey)
      this.setState({ hasError: false, error: null });
  }

  override render(): ReactNode {
    return this.state.hasError ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** Last-resort page for when the shell itself failed: the 500 page without navbar and footer. */
export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <>
      <Center pt="xl">
        <Logo />
      </Center>
      <ServerErrorPage error={error} />
    </>
  );
}
