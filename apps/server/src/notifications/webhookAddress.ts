import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { NOTIFICATION_MESSAGES, parseWebhookUrl } from '@vigia/domain';

/** Loopback, private, link-local, shared, unspecified and multicast ranges (RFC 6890). */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(address, 'ipv6');
}

/**
 * Why a webhook URL is refused (pt-BR), or null: not an http(s) URL, or a
 * host that is or resolves to a private or loopback address (server-side
 * request forgery), unless `allowPrivate` (VIGIA_WEBHOOK_PRIVATE=1). Checked
 * when saved and again before every delivery.
 */
export async function webhookUrlProblem(
  text: string,
  allowPrivate: boolean,
): Promise<string | null> {
  const url = parseWebhookUrl(text);
  if (!url) return NOTIFICATION_MESSAGES.invalidUrl;
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return NOTIFICATION_MESSAGES.unresolvedUrl;
  }
  if (addresses.length === 0) return NOTIFICATION_MESSAGES.unresolvedUrl;
  return addresses.some(isPrivateAddress) ? NOTIFICATION_MESSAGES.privateUrl : null;
}
