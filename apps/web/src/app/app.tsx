import { ErrorBoundary, RootErrorPage } from "./pages/error-pages.tsx";
import { AppRoutes } from "./routes.tsx";

/** The routed app; if even the shell fails, a bare error page replaces it. */
export function App() {
  return (
    <ErrorBoundary fallback={(error) => <RootErrorPage error={error} />}>
      <AppRoutes />
    </ErrorBoundary>
  );
}
