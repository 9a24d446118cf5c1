import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { commonErrors } from "../../lib/common-errors.ts";

const CommonErrorsDialog = lazy(() =>
  import("./common-errors-dialog.tsx").then((module) => ({ default: module.CommonErrorsDialog })),
);

/**
 * The global error modal (the spec's common-errors-modal). It opens on the first ledger-busy
 * answer and closes by itself when the retried call succeeds or stops. Its dialog code loads the
 * first time it is needed, and stays mounted afterwards so it can play its closing transition.
 */
export function CommonErrorsModal() {
  const state = useSyncExternalStore(commonErrors.subscribe, commonErrors.getSnapshot, commonErrors.getSnapshot);
  const [hasBeenOpened, setHasBeenOpened] = useState(false);
  if (state.isOpen && !hasBeenOpened) setHasBeenOpened(true);
  if (!hasBeenOpened && !state.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <CommonErrorsDialog isOpen={state.isOpen} />
    </Suspense>
  );
}
