import { lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Webhook URLs are fetched by the server, so a URL must not reach the server's own network:
 * private, loopback, link-local, carrier-grade NAT and other special ranges are refused unless
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS is set (development and tests). The check runs on the address
 * actually connected to (a DNS answer can change between saving and sending).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true;
}

/** The `code` of the error a refused address fails the request with. */
export const ADDRESS_REFUSED = "ERR_WEBHOOK_ADDRESS_REFUSED";

class AddressRefused extends Error {
  readonly code = ADDRESS_REFUSED;
  constructor(readonly address: string) {
    super(`The webhook URL resolves to a private or reserved address (${address}).`);
    this.name = "AddressRefused";
  }
}

/** A dns.lookup for http(s).request that fails on a refused address instead of connecting to it. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, list) => {
      if (error) return callback(error, "");
      const refused = allowPrivate ? undefined : list.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new AddressRefused(refused.address), "");
      if (options.all === true) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), "");
      callback(null, first.address, first.family);
    });
  };
}

/** Why a URL cannot be a webhook endpoint, or null: https only, unless private networks are allowed. */
export function urlProblem(url: string, allowPrivate: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "The URL is not valid.";
  }
  if (parsed.username || parsed.password) return "The URL must not carry credentials.";
  if (parsed.protocol !== "https:" && !(allowPrivate && parsed.protocol === "http:")) return "The URL must use https.";
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && (host === "localhost" || host.endsWith(".localhost")))
    return "The URL must not point at this machine.";
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) return "The URL points at a private or reserved address.";
  return null;
}
