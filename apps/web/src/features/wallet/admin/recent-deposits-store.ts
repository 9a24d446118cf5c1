import { type WalletDeposit, walletDepositSchema } from "@souk/contracts";
import { useSyncExternalStore } from "react";
import { z } from "zod";

/**
 * The deposits an admin recorded from this browser, newest first, kept in local storage. The
 * server has no list of every user's deposits yet, so the screen remembers what it created in
 * order to advance their confirmations.
 */
const STORAGE_KEY = "souk.admin.walletDeposits";
const MAX_KEPT = 25;
const storedSchema = z.array(walletDepositSchema);

const listeners = new Set<() => void>();
let cache: WalletDeposit[] | null = null;

function read(): WalletDeposit[] {
  if (cache) return cache;
  try {
    const parsed = storedSchema.safeParse(JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]"));
    cache = parsed.success ? parsed.data : [];
  } catch {
    cache = [];
  }
  return cache;
}

function write(deposits: WalletDeposit[]): void {
  cache = deposits.slice(0, MAX_KEPT);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cache));
  } catch {
    // Storage refused: the list lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** Adds a deposit, or replaces the stored copy of the same deposit with the newer one. */
export function rememberDeposit(deposit: WalletDeposit): void {
  const current = read();
  const isKnown = current.some((item) => item.id === deposit.id);
  write(isKnown ? current.map((item) => (item.id === deposit.id ? deposit : item)) : [deposit, ...current]);
}

export function forgetDeposits(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    cache = null;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const noDeposits: WalletDeposit[] = [];

export function useRecentDeposits(): WalletDeposit[] {
  return useSyncExternalStore(subscribe, read, () => noDeposits);
}

/** For tests: start from an empty store. */
export function resetRecentDepositsCache(): void {
  cache = null;
}
