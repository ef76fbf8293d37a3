/**
 * A key's allowed IP ranges: CIDR in v4 or v6 (a bare address is one host), normalised when the
 * admin saves them and matched per request with node:net's BlockList, which also matches an
 * IPv4-mapped IPv6 address (::ffff:10.0.0.1, what a dual-stack socket reports) against v4 ranges.
 */
import { BlockList, isIP } from "node:net";

/** `10.0.0.0/8`, `2001:db8::/32`, or a bare address; null when it is not one. */
export function parseCidr(raw: string): { address: string; prefix: number; family: 4 | 6 } | null {
  const [address, bits, extra] = raw.trim().split("/");
  if (extra !== undefined) return null;
  const family = isIP(address);
  if (family !== 4 && family !== 6) return null;
  const max = family === 4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return null;
  return { address, prefix, family };
}

/** The canonical text kept for a range (`1.2.3.4` → `1.2.3.4/32`). */
export function normaliseCidr(raw: string): string | null {
  const c = parseCidr(raw);
  return c ? `${c.address.toLowerCase()}/${c.prefix}` : null;
}

/** A matcher for a key's ranges; an empty list allows every address. */
export function ipMatcher(ranges: readonly string[]): (ip: string) => boolean {
  if (!ranges.length) return () => true;
  const list = new BlockList();
  for (const r of ranges) {
    const c = parseCidr(r);
    if (c) list.addSubnet(c.address, c.prefix, c.family === 4 ? "ipv4" : "ipv6");
  }
  return (ip) => {
    const family = isIP(ip);
    if (!family) return false;
    return list.check(ip, family === 4 ? "ipv4" : "ipv6");
  };
}
