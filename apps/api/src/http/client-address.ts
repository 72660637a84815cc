// Who is asking, for the limits per client address (rate-limits.ts): the address of the socket,
// or behind trusted proxies the address the outermost trusted proxy saw, read from
// X-Forwarded-For. Nothing a client writes in that header is believed beyond what TRUST_PROXY_HOPS
// says: each proxy appends the address it received the request from, so only the last `hops`
// entries were written by proxies of ours, and anything left of them is the client's own claim.
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { Context } from "hono";

/** The address key when there is no socket (a request made in-process with app.request). */
export const UNKNOWN_ADDRESS = "unknown";

/** @hono/node-server's bindings (`c.env`), as its getConnInfo reads them; absent in app.request. */
interface NodeBindings {
  incoming?: Pick<IncomingMessage, "socket">;
}

/** The socket's remote address: what getConnInfo (@hono/node-server/conninfo) reports. */
function socketAddress(c: Context): string | undefined {
  const bindings = c.env as NodeBindings | undefined;
  return bindings?.incoming?.socket.remoteAddress;
}

/**
 * The address requests are counted under: the socket's peer, or with `trustProxyHops` proxies in
 * front of the API the address the outermost of them received the request from. Requests the
 * proxies passed on with fewer entries than that are counted under the leftmost entry there is.
 */
export function clientAddress(c: Context, trustProxyHops: number): string {
  const peer = socketAddress(c);
  if (peer === undefined) return UNKNOWN_ADDRESS;
  if (trustProxyHops === 0) return addressKey(peer);
  // Nearest first: the socket's peer (our nearest proxy), then the header from right to left.
  const hops = [
    peer,
    ...(c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "")
      .reverse(),
  ];
  const chosen = Math.min(trustProxyHops, hops.length - 1);
  // A trusted proxy writes addresses; text that is not one was not written by it, so the
  // request is counted under the nearest proxy that handed it on instead.
  for (let i = chosen; i >= 0; i -= 1) {
    const address = hops[i] ?? "";
    if (isIP(bareAddress(address)) !== 0) return addressKey(address);
  }
  return addressKey(peer);
}

/** An address without an IPv6 zone (`fe80::1%eth0`) or the brackets of `[::1]`. */
function bareAddress(address: string): string {
  return address.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
}

/**
 * The key an address is counted under: an IPv4 address as it is (also when written as an
 * IPv4-mapped IPv6 address), an IPv6 address by its /64, since one host or home is usually given a
 * whole /64 and could otherwise take a new address for every request.
 */
export function addressKey(address: string): string {
  const bare = bareAddress(address);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped !== undefined && isIP(mapped) === 4) return mapped;
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family === 6) return `${ipv6Groups(bare).slice(0, 4).join(":")}::/64`;
  // Not an address (a socket without one); counted as it is, cut short.
  return bare.slice(0, 64);
}

/** The eight 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text =
      address.slice(0, dotted.index) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}
