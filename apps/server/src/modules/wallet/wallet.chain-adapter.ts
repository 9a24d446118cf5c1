/**
 * Custody of coins on their chains, behind one interface (docs/decisions/090-evm-custody.md#the-adapter-interface).
 * The default is the dev chain, which needs no outside service; ETH and USDT can be held on a
 * real EVM chain; a Bitcoin node or an Esplora server would be another implementation of the
 * same interface (the decision shows how its UTXOs fit).
 */
export interface ChainAdapter {
  readonly name: string;
  /** A fresh receiving address of the currency's chain for this user (and its derivation index, if any). */
  newAddress(input: { userId: number; currencyCode: string }): Promise<NewAddress>;
  /** Whether an address as typed belongs to the currency's chain (an EVM checksum must be right). */
  isValidAddress(currencyCode: string, address: string): boolean;
  /**
   * A reason to refuse sending to a (normalized) address that the format cannot show: a contract
   * that cannot take the coin, the hot wallet itself. Null when fine, or when it cannot be told
   * now (the node is down): the check is made again before signing.
   */
  checkDestination?(currencyCode: string, address: string): Promise<string | null>;
  /** How the address is shown to users (an EVM address with its checksum). */
  displayAddress?(address: string): string;
  /**
   * Sends a withdrawal. MUST be idempotent by withdrawalId: a second call for the same id (a
   * retry after a crash) sends nothing new and returns the first outcome. A real adapter gets
   * this by signing once, storing the raw transaction under the withdrawal id, and only ever
   * re-broadcasting those same bytes (same txid). Throwing means "outcome unknown, try later";
   * `rejected` means the chain refused for good and the funds go back to the user; `pending`
   * means it is on its way and the adapter settles it itself once the chain has decided.
   */
  broadcastWithdrawal(input: BroadcastRequest): Promise<BroadcastOutcome>;
}

interface NewAddress {
  address: string;
  derivationIndex: number | null;
}

export interface BroadcastRequest {
  withdrawalId: bigint;
  currencyId: number;
  currencyCode: string;
  address: string;
  amountMinor: bigint;
  networkFeeMinor: bigint;
}

export type BroadcastOutcome =
  | { status: "sent"; txid: string }
  | { status: "rejected"; reason: string }
  | { status: "pending"; txid: string | null };
