import { notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS, type TOAST_TYPES } from "@souk/contracts";
import type { ReactNode } from "react";
import { wantToaster } from "./toaster-demand.ts";

/** The spec's toast types (docs/product.md#banners-toasts-and-layout). */
type ToastType = (typeof TOAST_TYPES)[number];

const toastColors: Record<ToastType, string> = {
  info: "blue",
  success: "teal",
  error: "red",
  warning: "orange",
  light: "gray",
};

export interface ToastOptions {
  type: ToastType;
  message: ReactNode;
  title?: ReactNode;
  /** Milliseconds before it closes by itself; false keeps it open. */
  autoClose?: number | false;
}

export function showToast({ type, message, title, autoClose = TOAST_AUTO_CLOSE_MS }: ToastOptions): string {
  wantToaster();
  return notifications.show({
    message,
    title,
    color: toastColors[type],
    autoClose,
    withBorder: type === "light",
    "data-toast-type": type,
  } as Parameters<typeof notifications.show>[0]);
}
