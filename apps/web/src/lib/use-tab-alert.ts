import { useCallback, useEffect, useRef } from "react";

export const TAB_ALERT_INTERVAL_MS = 3000;
const TAB_ALERT_VISIBLE_CYCLES = 3;
const CHANNEL = "souk-tab-alert";

function setIcon(href: string | null) {
  const link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (link && href !== null) link.href = href;
}

const ALERT_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='7' fill='%23fa5252'/%3E%3C/svg%3E";

/**
 * Tab title alternation (docs/product.md#tab-title-alerts): on a new trade event the title and
 * icon alternate every 3000 ms, stopping on focus, on another tab's signal (BroadcastChannel), or
 * after 3 cycles while the tab is visible. Returns the function that starts it.
 */
export function useTabAlert(alertTitle: string) {
  const stopRef = useRef<(() => void) | null>(null);
  const channelRef = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL);
    channelRef.current = channel;
    if (channel) channel.onmessage = () => stopRef.current?.();
    const onFocus = () => {
      if (stopRef.current) {
        stopRef.current();
        channel?.postMessage("stop");
      }
    };
    window.addEventListener("focus", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      stopRef.current?.();
      channel?.close();
    };
  }, []);

  return useCallback(() => {
    if (stopRef.current) return;
    const originalTitle = document.title;
    const iconLink = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    const originalIcon = iconLink?.href ?? null;
    let showingAlert = false;
    let visibleCycles = 0;
    const timer = window.setInterval(() => {
      showingAlert = !showingAlert;
      document.title = showingAlert ? alertTitle : originalTitle;
      setIcon(showingAlert ? ALERT_ICON : originalIcon);
      if (!showingAlert && document.visibilityState === "visible") {
        visibleCycles += 1;
        if (visibleCycles >= TAB_ALERT_VISIBLE_CYCLES) stopRef.current?.();
      }
    }, TAB_ALERT_INTERVAL_MS);
    stopRef.current = () => {
      window.clearInterval(timer);
      document.title = originalTitle;
      setIcon(originalIcon);
      stopRef.current = null;
    };
  }, [alertTitle]);
}
