/**
 * The rollback core: two sides over a simulated network (round trip, jitter, loss, reordering) fight
 * battles with bots on both controls; each battle's outcome and final state are the same on both sides
 * and on one machine run with the same sticks. A side whose machine is changed behind its back is found
 * by the state hashes. Figures at scale: `npm run bench -- netplay`.
 */
import { describe, expect, it } from 'vitest';
import { Arena } from '../../../rom-core/bot/arena.ts';
import { BattleBot } from '../../../rom-core/bot/index.ts';
import { MAX_MESSAGE_BYTES, MAX_STICKS, RollbackMachine, parseBattleMessage } from '../../../rom-core/netplay/index.ts';
import { netBattle } from '../../harness/netplay-sim.ts';
import { battleCart, openBios } from '../roms/carts/scenarios.ts';
import { bootMachine } from '../../harness/boot.ts';

const bios = openBios();
const cart = battleCart();
const OPTIONS = { delay: 2, window: 12, hashEvery: 30 };

describe('rollback netplay', () => {
  it('battles over a 150 ms round trip with jitter and loss come out the same on both sides and on one machine', () => {
    const arena = new Arena(bios, cart);
    let rollbacks = 0;
    for (let i = 0; i < 3; i++) {
      const r = netBattle(
        arena,
        bios,
        cart,
        { red: 'T', blue: i === 1 ? 'S' : 'T', redEnergy: 300, blueEnergy: 300 },
        new BattleBot(0, 'hard', 5 + i),
        new BattleBot(1, 'medium', 9 + i),
        { rttMs: 150, jitterMs: 20, loss: 0.05, transport: 'unordered', hopMs: 8 },
        OPTIONS,
        77 + i,
        6000,
        { drift: 0.002 },
      );
      expect(r.agreed, `battle ${i}`).toBe(true);
      expect(r.desync).toBeNull();
      expect(r.winner).toBeGreaterThan(0);
      // Sound under rollback: every frame's sound went out exactly once on both sides (FirstRunSound).
      expect(r.soundNotOnce, `battle ${i}`).toBe(0);
      expect(r.soundDiffers).toBeLessThan(r.soundFrames / 10);
      rollbacks += r.rollbacks.length;
      expect(Math.max(0, ...r.rollbacks)).toBeLessThanOrEqual(OPTIONS.window);
      // On the battle lane (unordered, every message carrying what was not acknowledged) a lost message
      // holds nothing up: no display frame waits for the other side.
      expect(r.stalls, `battle ${i}`).toBe(0);
    }
    // The other side's stick was predicted wrong at times: the machines went back and ran again.
    expect(rollbacks).toBeGreaterThan(0);
  }, 60_000);

  it('finds a desync: a side whose machine was changed behind its back hashes differently', () => {
    const arena = new Arena(bios, cart);
    arena.begin({ red: 'T', blue: 'T', redEnergy: 300, blueEnergy: 300 });
    const start = arena.machine.saveState();
    const sides = [0, 1].map((local) => {
      const m = bootMachine(bios, cart);
      m.loadState(start);
      return new RollbackMachine(m, { ...OPTIONS, local: local as 0 | 1 });
    });
    for (let tick = 0; tick < 120; tick++) {
      for (const [i, rb] of sides.entries()) {
        if (rb.needsLocal)
          sides[1 - i].remoteInput(rb.localInput(tick % 7 === 0 ? 0x02 : 0), tick % 7 === 0 ? 0x02 : 0);
        rb.advance();
      }
      if (tick === 50) {
        // One frame run behind the session's back, the stick pushed: that side's battle is no longer the other's.
        sides[1].machine.joy[1] = 0x02;
        sides[1].machine.runFrame();
      }
      for (const [i, rb] of sides.entries()) for (const h of rb.takeHashes()) sides[1 - i].remoteHash(h.frame, h.hash);
    }
    expect(sides[0].desync).toBe(60);
    expect(sides[1].desync).toBe(60);
  });

  it('refuses an input for a frame impossibly far ahead, and ignores repeats', () => {
    const rb = new RollbackMachine(bootMachine(bios, cart), { ...OPTIONS, local: 0 });
    expect(() => rb.remoteInput(500, 1)).toThrow(/too far past this side's frame 0/);
    expect(() => rb.remoteInput(-1, 1)).toThrow(RangeError);
    // The first `delay` frames run with the sticks centred on both sides: nothing is sent for them.
    expect(rb.remoteKnownFrames).toBe(2);
    rb.remoteInput(0, 1);
    rb.remoteInput(2, 1);
    rb.remoteInput(2, 4);
    expect(rb.remoteKnownFrames).toBe(3);
  });
});

describe('battle messages from the network', () => {
  const good = {
    t: 'battle',
    from: 10,
    sticks: [0, 2, 16],
    ack: 9,
    hashes: [{ frame: 30, hash: 0xdeadbeef }],
    epoch: 1,
    frame: 14,
    adv: -3,
  };

  it('takes a good one, copying only the fields read', () => {
    const r = parseBattleMessage(JSON.stringify({ ...good, extra: 'x'.repeat(10) }));
    expect(r).toEqual({ ok: true, message: good });
  });

  it.each([
    ['x'.repeat(MAX_MESSAGE_BYTES + 1), /over the 4096 allowed/],
    ['{', /not JSON/],
    ['[]', /is an object/],
    [JSON.stringify({ ...good, t: 'move' }), /not a battle message/],
    [JSON.stringify({ ...good, from: -1 }), /"from" must be a frame number/],
    [JSON.stringify({ ...good, ack: 1e300 }), /"ack" must be a frame number/],
    [JSON.stringify({ ...good, sticks: [32] }), /not a stick/],
    [JSON.stringify({ ...good, sticks: new Array(MAX_STICKS + 1).fill(0) }), /at most 128 sticks/],
    [JSON.stringify({ ...good, hashes: [{ frame: 1, hash: -1 }] }), /not \{ frame, hash \}/],
    [JSON.stringify({ ...good, hashes: new Array(9).fill({ frame: 1, hash: 1 }) }), /at most 8/],
    [JSON.stringify({ ...good, __proto__: null, sticks: 'abc' }), /list of at most/],
    [JSON.stringify({ ...good, epoch: -1 }), /"epoch" must be a whole number/],
    [JSON.stringify({ ...good, epoch: undefined }), /"epoch" must be a whole number/],
    [JSON.stringify({ ...good, frame: undefined }), /"frame" must be a frame number/],
    [JSON.stringify({ ...good, adv: undefined }), /"adv" must be null/],
    [JSON.stringify({ ...good, adv: 1.5 }), /"adv" must be null or a whole number/],
    [JSON.stringify({ ...good, adv: -1001 }), /"adv" must be null or a whole number from -1000/],
  ])('refuses %#: %s', (text, error) => {
    const r = parseBattleMessage(text);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(error);
  });
});
