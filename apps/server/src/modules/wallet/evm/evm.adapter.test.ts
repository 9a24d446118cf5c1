import { describe, expect, it } from "vitest";
import { isEvmAddress, isZeroAddress } from "./evm.adapter.ts";

describe("EVM addresses as typed", () => {
  const checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

  it("takes an EIP-55 checksummed address, and the same in all lower or all upper case", () => {
    expect(isEvmAddress(checksummed)).toBe(true);
    expect(isEvmAddress(checksummed.toLowerCase())).toBe(true);
    expect(isEvmAddress(`0x${checksummed.slice(2).toUpperCase()}`)).toBe(true);
  });

  it("refuses mixed case with a wrong checksum, a wrong length and another chain's address", () => {
    expect(isEvmAddress(checksummed.replace("aA", "Aa"))).toBe(false);
    expect(isEvmAddress(checksummed.slice(0, -1))).toBe(false);
    expect(isEvmAddress("bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh")).toBe(false);
  });

  it("knows the zero address, which nobody holds a key to", () => {
    expect(isZeroAddress(`0x${"0".repeat(40)}`)).toBe(true);
    expect(isZeroAddress(checksummed)).toBe(false);
  });
});
