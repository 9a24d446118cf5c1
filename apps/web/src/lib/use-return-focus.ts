import { useCallback, useEffect, useRef } from "react";

/**
 * Focus goes back to the control that opened a dialog once the dialog closes. Mantine returns it
 * only for a dialog that was mounted closed first; a dialog loaded on first use mounts open, so
 * its opener says who it is here. Returns the function the opener calls with itself; called with
 * null, it forgets the opener (a dialog closed by a navigation leaves focus to the new page).
 */
export function useReturnFocus(isOpen: boolean): (opener: HTMLElement | null) => void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (isOpen || !opener.current) return;
    opener.current.focus();
    opener.current = null;
  }, [isOpen]);
  return useCallback((element: HTMLElement | null) => {
    opener.current = element;
  }, []);
}

/**
 * After a navigation, focus moves to the new page's heading (its first `h1` in `main`), so a
 * screen reader announces the page and Tab goes on from its top. The heading may arrive after the
 * page's code, or replace the one focused first: it is followed until the person types or clicks.
 */
export function useFocusHeadingOnNavigation(pathname: string): void {
  const isFirstPage = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger, not an input.
  useEffect(() => {
    if (isFirstPage.current) {
      // The first page keeps the browser's own start (the top of the document).
      isFirstPage.current = false;
      return;
    }
    const main = document.querySelector("main");
    if (!main) return;
    let hasMovedFocus = false;
    const focusHeading = () => {
      const heading = main.querySelector<HTMLElement>("h1");
      const active = document.activeElement;
      if (!heading || active === heading) return;
      const isFocusLost = active === null || active === document.body || !active.isConnected;
      // Someone already works in the page (a field of the new page has focus): it stays there.
      if (!isFocusLost && active !== main && main.contains(active) && active.tagName !== "H1") return;
      // Once moved, focus is only taken back when the focused heading was replaced.
      if (hasMovedFocus && !isFocusLost) return;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
      hasMovedFocus = true;
    };
    focusHeading();
    const observer = new MutationObserver(focusHeading);
    observer.observe(main, { childList: true, subtree: true });
    const stop = () => observer.disconnect();
    window.addEventListener("keydown", stop, { once: true, capture: true });
    window.addEventListener("pointerdown", stop, { once: true, capture: true });
    return () => {
      stop();
      window.removeEventListener("keydown", stop, { capture: true });
      window.removeEventListener("pointerdown", stop, { capture: true });
    };
  }, [pathname]);
}
