import type { ToastOptions } from "./toast.ts";

/**
 * Shows a toast, loading the notifications code first if no toast was shown yet: for code in
 * every page's first load (the navbar, the offer rows), which should not carry it.
 */
export function showDeferredToast(options: ToastOptions): void {
  void import("./toast.ts").then(({ showToast }) => showToast(options));
}
