import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

/**
 * "Hide balances": a privacy screen for amounts, remembered in this browser. It starts from the
 * account's own setting (isBalanceHidden) until the user flips it here.
 */
const STORAGE_KEY = "souk.wallet.hideBalances";
const MASK = "••••••";

interface BalanceVisibility {
  isHidden: boolean;
  toggle: () => void;
}

const BalanceVisibilityContext = createContext<BalanceVisibility>({ isHidden: false, toggle: () => {} });

function readStoredChoice(): boolean | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === null ? null : stored === "1";
  } catch {
    return null;
  }
}

export function BalanceVisibilityProvider({
  isHiddenByDefault,
  children,
}: {
  isHiddenByDefault: boolean;
  children: ReactNode;
}) {
  const [isHidden, setHidden] = useState(() => readStoredChoice() ?? isHiddenByDefault);
  const toggle = useCallback(() => {
    setHidden((current) => {
      try {
        window.localStorage.setItem(STORAGE_KEY, current ? "0" : "1");
      } catch {
        // Private modes may refuse storage: the choice then lasts for this page only.
      }
      return !current;
    });
  }, []);
  const value = useMemo(() => ({ isHidden, toggle }), [isHidden, toggle]);
  return <BalanceVisibilityContext.Provider value={value}>{children}</BalanceVisibilityContext.Provider>;
}

export function useBalanceVisibility(): BalanceVisibility {
  return useContext(BalanceVisibilityContext);
}

/** An amount that the "hide balances" switch masks. */
export function Sensitive({ children }: { children: ReactNode }) {
  const { isHidden } = useBalanceVisibility();
  return <>{isHidden ? MASK : children}</>;
}
