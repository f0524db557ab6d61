/**
 * The watch message (board/table/table-messages.ts): a battle's confirmed frames, and, from the
 * reporting guest of a battle between two guests, the frame their machines went apart at.
 */
import { describe, expect, it } from 'vitest';
import { parseGuestMessage, parseHostMessage } from '../../../board/index.ts';
import { checkBattleMessage } from '../../../rom-core/netplay/index.ts';

const watch = { t: 'watch', battle: 'w1', epoch: 2, from: 30, pairs: [0, 1, 0x3ff] };

describe('watch messages', () => {
  it('are copied field by field, with the frame of a desync when there is one', () => {
    for (const parse of [parseGuestMessage, parseHostMessage]) {
      expect(parse(JSON.stringify({ ...watch, extra: 'x' }), checkBattleMessage)).toEqual({ ok: true, message: watch });
      expect(parse(JSON.stringify({ ...watch, desync: 90 }), checkBattleMessage)).toEqual({
        ok: true,
        message: { ...watch, desync: 90 },
      });
    }
  });

  it('are refused with a sentence when a field is wrong, the desync frame included', () => {
    for (const bad of [
      { ...watch, desync: -1 },
      { ...watch, desync: 'soon' },
      { ...watch, pairs: [0x400] },
      { ...watch, pairs: new Array(4097).fill(0) },
      { ...watch, from: 1.5 },
    ]) {
      // The host's side reads them: a guest's message of 4097 pairs is refused for its length before this check.
      const r = parseHostMessage(JSON.stringify(bad), checkBattleMessage);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/a watch message needs the battle, its epoch/);
    }
  });
});

describe('solo-start', () => {
  it('tells the guest holding both seats to fight from the host state; a malformed one is refused', () => {
    const start = { t: 'solo-start', battle: 'w1', state: 'AAAA', epoch: 0 };
    expect(parseHostMessage(JSON.stringify(start), checkBattleMessage)).toEqual({ ok: true, message: start });
    const bad = parseHostMessage(JSON.stringify({ ...start, epoch: -1 }), checkBattleMessage);
    expect(bad).toEqual({
      ok: false,
      error: expect.stringMatching(/a battle start needs the battle, the machine state and the epoch/),
    });
  });
});
