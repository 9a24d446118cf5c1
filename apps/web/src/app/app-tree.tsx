import { type ReactElement, StrictMode } from "react";
import { App } from "./app.tsx";
import { AppProviders, type AppProvidersProps } from "./providers.tsx";

export interface AppTreeProps extends Omit<AppProvidersProps, "children" | "env"> {
  /** The router around the app: the browser's history, or the one address the server renders. */
  router: (app: ReactElement) => ReactElement;
}

/**
 * The whole app as the browser renders it and as the server renders a page for a visitor: the two
 * must build the same tree, or hydration finds different HTML than it would have made.
 */
export function appTree({ router, ...providers }: AppTreeProps): ReactElement {
  return (
    <StrictMode>
      <AppProviders {...providers}>{router(<App />)}</AppProviders>
    </StrictMode>
  );
}
