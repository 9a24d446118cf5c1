import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "@souk/contracts";

/**
 * Where toasts appear. Loaded just after the first paint: a toast shown before that waits in the
 * notifications store and appears when this mounts.
 */
export function Toaster() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" limit={5} zIndex={400} />;
}
