/**
 * The remote table's connection settings (src/net/net-settings.ts): each checked before anything is
 * kept; a mistake is a sentence and keeps nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkIceServers, checkRelayUrl, netSettingsText, saveNetSettings } from '../../../src/net/index.ts';

/** localStorage as a browser has it, for the settings. */
beforeEach(() => {
  const store = new Map<string, string>();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  } as Storage;
});
// The unit files share one process (vite.config.ts): nothing of this file's browser is left for the next.
afterEach(() => {
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('connection settings', () => {
  it('takes a relay address alone, or nothing for the app’s own server', () => {
    expect(checkRelayUrl('  ')).toEqual({ ok: true, value: '' });
    expect(checkRelayUrl('https://relay.example.org:9000/')).toEqual({
      ok: true,
      value: 'https://relay.example.org:9000',
    });
    expect(checkRelayUrl('relay.example.org')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not an address/),
    });
    expect(checkRelayUrl('ftp://x.org')).toMatchObject({ ok: false, error: expect.stringMatching(/http or https/) });
    expect(checkRelayUrl('https://x.org/o2relay')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/no path/),
    });
  });

  it('takes a STUN/TURN list of RTCIceServers and copies only their fields', () => {
    const list = [
      { urls: 'stun:stun.example.org:3478' },
      { urls: ['turn:t.example.org'], username: 'u', credential: 'c', x: 1 },
    ];
    expect(checkIceServers(JSON.stringify(list))).toEqual({
      ok: true,
      value: [{ urls: 'stun:stun.example.org:3478' }, { urls: ['turn:t.example.org'], username: 'u', credential: 'c' }],
    });
    for (const [text, why] of [
      ['[{urls:1}]', /not JSON/],
      ['{}', /array of at most 8/],
      ['[{"urls": "http://x"}]', /server 1: "urls"/],
      ['[{"urls": []}]', /server 1: "urls"/],
      ['[{"urls": "stun:a"}, {"urls": "turn:b", "username": 5}]', /server 2: "username" is text/],
    ] as const)
      expect(checkIceServers(text)).toMatchObject({ ok: false, error: expect.stringMatching(why) });
  });

  it('keeps both when both are right, and neither when one is wrong', () => {
    const before = netSettingsText();
    const bad = saveNetSettings('https://relay.example.org', 'not json');
    expect(bad.ok).toBe(false);
    expect(netSettingsText()).toEqual(before);
    const good = saveNetSettings('https://relay.example.org', '[{"urls": "stun:s.example.org"}]');
    expect(good).toMatchObject({
      ok: true,
      value: expect.stringMatching(/^Kept: https:\/\/relay.example.org, 1 STUN\/TURN server\./),
    });
    expect(netSettingsText().relay).toBe('https://relay.example.org');
    expect(JSON.parse(netSettingsText().ice)).toEqual([{ urls: 'stun:s.example.org' }]);
  });
});
