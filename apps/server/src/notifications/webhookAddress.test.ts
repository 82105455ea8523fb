import { NOTIFICATION_MESSAGES } from '@vigia/domain';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, webhookUrlProblem } from './webhookAddress.js';

describe('webhook addresses (server-side request forgery)', () => {
  it.each([
    '127.0.0.1',
    '10.20.30.40',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '200.160.2.3', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('refuses a literal private address unless allowed, and what is not an http(s) URL', async () => {
    expect(await webhookUrlProblem('http://192.168.0.10/gancho', false)).toBe(
      NOTIFICATION_MESSAGES.privateUrl,
    );
    expect(await webhookUrlProblem('http://[fd00::1]:8080/gancho', false)).toBe(
      NOTIFICATION_MESSAGES.privateUrl,
    );
    expect(await webhookUrlProblem('http://192.168.0.10/gancho', true)).toBeNull();
    expect(await webhookUrlProblem('https://8.8.8.8/gancho', false)).toBeNull();
    expect(await webhookUrlProblem('file:///etc/passwd', true)).toBe(
      NOTIFICATION_MESSAGES.invalidUrl,
    );
  });
});
