import { useSyncExternalStore } from "react";

/**
 * Whether a toast was asked for yet. The toaster's code (the notifications and their transitions)
 * loads when the first toast is shown, not with every page: most visits show none. A toast asked
 * for before the toaster is there waits in the notifications store and appears when it mounts.
 */
let isWanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (isWanted) return;
  isWanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was asked for; false in a server render (the page shows no toast there). */
export function useIsToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isWanted,
    () => false,
  );
}
