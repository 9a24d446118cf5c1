/**
 * State of the global error modal (the spec's common-errors-modal). Code outside React (the API
 * client) opens it; the shell renders it. Each open is counted so two busy requests do not close
 * the modal for each other.
 */
type CommonErrorReason = "ledger_busy";

interface CommonErrorsState {
  isOpen: boolean;
  reason: CommonErrorReason | null;
}

type Listener = () => void;

const closedState: CommonErrorsState = { isOpen: false, reason: null };

function createCommonErrorsStore() {
  const openCounts = new Map<CommonErrorReason, number>();
  const listeners = new Set<Listener>();
  let state: CommonErrorsState = closedState;

  function publish(): void {
    const reason = [...openCounts.entries()].find(([, count]) => count > 0)?.[0] ?? null;
    state = reason === null ? closedState : { isOpen: true, reason };
    for (const listener of listeners) listener();
  }

  return {
    show(reason: CommonErrorReason): void {
      openCounts.set(reason, (openCounts.get(reason) ?? 0) + 1);
      publish();
    },
    hide(reason: CommonErrorReason): void {
      openCounts.set(reason, Math.max(0, (openCounts.get(reason) ?? 0) - 1));
      publish();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot(): CommonErrorsState {
      return state;
    },
  };
}

export type CommonErrorsStore = ReturnType<typeof createCommonErrorsStore>;

export const commonErrors: CommonErrorsStore = createCommonErrorsStore();
export { createCommonErrorsStore };
