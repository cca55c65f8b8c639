import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { HttpRequestRefusedError } from './errors.js';

/** Address ranges a request may be refused for; `public` is always allowed. */
export type AddressRange = 'loopback' | 'private' | 'link_local' | 'reserved';

/** One resolved address. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (node:dns by default; inject one in tests). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface AddressGuardOptions {
  /** Ranges requests may reach. Default none: only public addresses. */
  allow?: readonly AddressRange[];
  resolver?: HostResolver;
}

const defaultResolver: HostResolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

function ipv4Octets(address: string): number[] | undefined {
  const parts = address.split('.');
  if (parts.length !== 4) return undefined;
  const octets = parts.map(Number);
  return octets.every((octet) => Number.isInteger(octet) && octet >= 0 && octet <= 255)
    ? octets
    : undefined;
}

function classifyIpv4(address: string): AddressRange | undefined {
  const octets = ipv4Octets(address);
  if (!octets) return 'reserved';
  const [a = 0, b = 0, c = 0] = octets;
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private';
  if (a === 169 && b === 254) return 'link_local';
  if (a === 0 || a >= 224) return 'reserved';
  if ((a === 192 && b === 0 && (c === 0 || c === 2)) || (a === 198 && (b === 18 || b === 19)))
    return 'reserved';
  if ((a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113))
    return 'reserved';
  return undefined;
}

/** Expand an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().split('%')[0] ?? '';
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (dotted.includes('.')) {
    const octets = ipv4Octets(dotted);
    if (!octets) return undefined;
    tail = [((octets[0] ?? 0) << 8) | (octets[1] ?? 0), ((octets[2] ?? 0) << 8) | (octets[3] ?? 0)];
    text = `${text.slice(0, lastColon + 1)}${tail.length ? '0:0' : ''}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = rest === undefined ? [] : parse(rest);
  const fill = 8 - left.length - right.length;
  if (fill < 0 || (rest === undefined && fill !== 0)) return undefined;
  const groups = [...left, ...new Array<number>(fill).fill(0), ...right];
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

function ipv4Of(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}

/**
 * The IPv4 addresses an IPv6 address embeds or maps to, by the transition mechanisms that route
 * it to an IPv4 host: mapped, compatible, SIIT, NAT64 (well-known and local-use prefixes), 6to4,
 * Teredo (server and de-obfuscated client) and ISATAP interface identifiers.
 */
function embeddedIpv4(groups: readonly number[]): string[] {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const found: string[] = [];
  const zeroHead = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), ::ffff:0:a.b.c.d (SIIT translated).
  if (zeroHead && g4 === 0 && (g5 === 0xffff || g5 === 0)) found.push(ipv4Of(g6, g7));
  if (zeroHead && g4 === 0xffff && g5 === 0) found.push(ipv4Of(g6, g7));
  // NAT64 64:ff9b::/96 (and the rest of 64:ff9b::/32 an operator may use).
  if (g0 === 0x64 && g1 === 0xff9b) found.push(ipv4Of(g6, g7));
  // 6to4 2002:AABB:CCDD::/48.
  if (g0 === 0x2002) found.push(ipv4Of(g1, g2));
  // Teredo 2001:0::/32: server in groups 2-3, client (bits inverted) in groups 6-7.
  if (g0 === 0x2001 && g1 === 0) {
    found.push(ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff));
  }
  // ISATAP interface identifier ::0:5efe:a.b.c.d / ::200:5efe:a.b.c.d under any prefix.
  if ((g4 & 0xfdff) === 0 && g5 === 0x5efe) found.push(ipv4Of(g6, g7));
  return found;
}

const RANGE_ORDER: readonly AddressRange[] = ['loopback', 'link_local', 'private', 'reserved'];

function classifyIpv6(address: string): AddressRange | undefined {
  const groups = ipv6Groups(address);
  if (!groups) return 'reserved';
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const allZeroButLast = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (allZeroButLast && g6 === 0 && g7 === 1) return 'loopback';
  if (allZeroButLast && g6 === 0 && g7 === 0) return 'reserved';
  // Local-use NAT64 (RFC 8215) translates into the operator's own network, whatever it embeds.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  // Site-local (deprecated, still routed inside some networks).
  if ((g0 & 0xffc0) === 0xfec0) return 'private';
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local';
  if ((g0 & 0xff00) === 0xff00) return 'reserved';
  // Documentation 2001:db8::/32 and discard-only 100::/64.
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved';
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  // Any form that reaches an IPv4 host is as public as that host: the least public one wins.
  const ranges = embeddedIpv4(groups)
    .map(classifyIpv4)
    .filter((range): range is AddressRange => range !== undefined);
  const worst = RANGE_ORDER.find((range) => ranges.includes(range));
  if (worst) return worst;
  // Other addresses in ::/96 and ::ffff:0:0/96 are IPv4 forms of reserved space by definition.
  if (allZeroButLast || (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0))
    return 'reserved';
  return undefined;
}

/** The non-public range an IP address belongs to, or undefined for a public address. */
export function classifyAddress(address: string): AddressRange | undefined {
  const family = isIP(address);
  if (family === 4) return classifyIpv4(address);
  if (family === 6) return classifyIpv6(address);
  return 'reserved';
}

/**
 * Refuses requests to loopback, private, link-local and reserved addresses unless allowed. Every
 * address a host resolves to is checked, and the connection is pinned to a checked one, so a DNS
 * answer cannot change between the check and the connect.
 */
export class AddressGuard {
  readonly #allow: ReadonlySet<AddressRange>;
  readonly #resolver: HostResolver;

  constructor(options: AddressGuardOptions = {}) {
    this.#allow = new Set(options.allow ?? []);
    this.#resolver = options.resolver ?? defaultResolver;
  }

  /** Resolve and check a host; resolves with the address to connect to. */
  async check(hostname: string, signal?: AbortSignal): Promise<ResolvedAddress> {
    const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
    const literal = isIP(bare);
    let addresses: readonly ResolvedAddress[];
    if (literal) addresses = [{ address: bare, family: literal === 6 ? 6 : 4 }];
    else {
      try {
        addresses = await this.#resolver(bare);
      } catch (error) {
        throw new HttpRequestRefusedError(
          'invalid_url',
          `Cannot resolve host "${bare}" (${(error as { code?: string }).code ?? (error as Error).message}); check the server URL.`,
          { cause: error, retryable: true },
        );
      }
    }
    signal?.throwIfAborted();
    if (addresses.length === 0) {
      throw new HttpRequestRefusedError('invalid_url', `Host "${bare}" resolved to no address.`);
    }
    for (const { address } of addresses) {
      const range = classifyAddress(address);
      if (range !== undefined && !this.#allow.has(range)) {
        throw new HttpRequestRefusedError(
          'ssrf',
          `Refused to connect to "${bare}": it resolves to ${address}, a ${range.replace('_', '-')} address. Requests to non-public addresses are blocked; allow the range in the source's network options (allowAddresses: [${range}]) if this API is meant to be reached there.`,
        );
      }
    }
    return addresses[0] as ResolvedAddress;
  }
}
