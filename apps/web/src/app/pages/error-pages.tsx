import { Button, Center } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { reportError } from "../../lib/report-error.ts";
import { AlertTriangleIcon, RefreshIcon } from "../../ui/icons.tsx";
import { Logo } from "../../ui/logo.tsx";
import { StatusPage } from "../../ui/status-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";

/** After a release, a tab opened earlier may ask for page code that no longer exists. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(error.message)
  );
}

function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

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

function useReportedRouteError(): unknown {
  const error = useRouteError();
  useEffect(() => {
    if (!isNotFound(error)) {
      reportError({ kind: "render_error", message: error instanceof Error ? error.message : String(error), error });
    }
  }, [error]);
  return error;
}

/** Error boundary of the pages, shown inside the shell: 404 for unknown resources, 500 otherwise. */
export function RouteErrorPage() {
  const error = useReportedRouteError();
  return isNotFound(error) ? <NotFoundPage /> : <ServerErrorPage error={error} />;
}

/** Last-resort boundary for when the shell itself failed: the same page without navbar and footer. */
export function RootErrorPage() {
  const error = useReportedRouteError();
  return (
    <>
      <Center pt="xl">
        <Logo />
      </Center>
      <ServerErrorPage error={error} />
    </>
  );
}
