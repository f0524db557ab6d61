/**
 * MachineBattlePort on our battle cartridge in Node: the entry typed as the manual's players type it,
 * the outcome read from the mailbox and mapped from red/blue to attacker/defender, the controls, the
 * first-player readout, cancellation, and a cartridge that is not ours. Battles end quickly without
 * input: a jet nobody steers crashes within a few hundred frames.
 */
import { describe, expect, it } from 'vitest';
import type { BattleRequest, Weapon } from '../../../board/index.ts';
import { BattleCancelledError } from '../../../board/index.ts';
import { MachineBattlePort } from '../../../board/table/machine-battle-port.ts';
import { describeBattle } from '../../../board/table/battle-words.ts';
import { parseInputScript } from '../../../rom-core/machine/index.ts';
import { machineConsole, play, seated } from '../helpers.ts';

function request(aw: Weapon, dw: Weapon, ea = 2500, ed = 2500): BattleRequest {
  return {
    country: 'B1',
    attacker: { player: 'Ann', weapon: aw, energy: ea },
    defender: { player: 'Bob', weapon: dw, energy: ed },
  };
}

// Battles of hundreds of emulated frames: room for a loaded machine (2 CPUs shared by several suites).
describe('MachineBattlePort', { timeout: 60_000 }, () => {
  it('programs red = attacker on the left control, reads the result, and SPACE goes on with the energy carried over', async () => {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    const o = await port.fight(request('tank', 'plane'));
    const m = await c.read();
    expect(m).toMatchObject({
      phase: 'result',
      winner: 'red',
      end: 'destroyed',
      red: { weapon: 'T' },
      blue: { weapon: 'P' },
    });
    expect(o).toEqual({ winner: 'attacker', energy: { attacker: m.red.energy, defender: m.blue.energy } });
    expect(o.energy.attacker).toBeLessThan(2500);
    expect(port.last?.seating).toEqual({ red: 'Ann', blue: 'Bob', attacker: 'red' });
    await port.goOn();
    const next = await c.read();
    expect(next).toMatchObject({
      phase: 'entry',
      red: { weapon: null, energy: o.energy.attacker },
      blue: { weapon: null, energy: o.energy.defender },
    });
    // The next battle retypes both sides from the war's figures.
    const o2 = await port.fight(request('sub', 'plane', o.energy.attacker, o.energy.defender));
    expect(o2.winner).toBe('attacker');
    expect((await c.read()).battles).toBe(2);
  });

  it('puts the attacker on the right (blue) control when the attacker chose it, and maps blue back to the attacker', async () => {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    port.setControl('Ann', 'right');
    expect(port.controlOf('Bob')).toBe('left');
    const o = await port.fight(request('tank', 'plane'));
    const m = await c.read();
    expect(m).toMatchObject({ winner: 'blue', red: { weapon: 'P' }, blue: { weapon: 'T' } });
    expect(o).toEqual({ winner: 'attacker', energy: { attacker: m.blue.energy, defender: m.red.energy } });
    expect(port.swapControl('Ann')).toBe('left');
  });

  it("gives each player the tank of their markers' colour (red left, blue right) unless the attacker chose", () => {
    const colours: Record<string, string> = { Ann: 'blue', Bob: 'red', Cy: 'yellow', Di: 'green' };
    const port = new MachineBattlePort(machineConsole(), { colourOf: (p) => colours[p] ?? null });
    const seat = (a: string, d: string) =>
      port.seating({
        country: 'A1',
        attacker: { player: a, weapon: 'tank', energy: 1 },
        defender: { player: d, weapon: 'tank', energy: 1 },
      });
    // Ann's markers are blue: she drives the blue tank on the right, attacking or defending.
    expect(seat('Ann', 'Bob')).toEqual({ red: 'Bob', blue: 'Ann', attacker: 'blue' });
    expect(seat('Bob', 'Ann')).toEqual({ red: 'Bob', blue: 'Ann', attacker: 'red' });
    // Cy (yellow) against red Bob takes what Bob's colour leaves him; against blue Ann, the red one.
    expect(seat('Cy', 'Bob')).toEqual({ red: 'Bob', blue: 'Cy', attacker: 'blue' });
    expect(seat('Cy', 'Ann')).toEqual({ red: 'Cy', blue: 'Ann', attacker: 'red' });
    // Neither red nor blue: the attacker on the left.
    expect(seat('Cy', 'Di')).toEqual({ red: 'Cy', blue: 'Di', attacker: 'red' });
    // The attacker's own choice wins, and is kept as a choice.
    expect(port.swapControl('Ann', 'Bob')).toBe('left');
    expect(seat('Ann', 'Bob')).toEqual({ red: 'Ann', blue: 'Bob', attacker: 'red' });
    expect(port.choseControl('Ann')).toBe(true);
  });

  it('says the outcome in words with the engine figures after the event', async () => {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    let s = play(
      [
        { type: 'homeland', player: 'Ann', country: 'United States' },
        { type: 'homeland', player: 'Bob', country: 'West Germany' },
        { type: 'ally.home', player: 'Ann', countries: [] },
        { type: 'ally.home', player: 'Bob', countries: [] },
      ],
      seated(['Ann', 'Bob'], 'Ann'),
    );
    const attacker = s.turn!;
    const defender = attacker === 'Ann' ? 'Bob' : 'Ann';
    s = play(
      [
        { type: 'attack', player: attacker, country: 'Canada' },
        { type: 'weapon', player: attacker, weapon: 'tank' },
        { type: 'weapon', player: defender, weapon: 'plane' },
      ],
      s,
    );
    const r: BattleRequest = {
      country: 'Canada',
      attacker: { player: attacker, weapon: 'tank', energy: 2500 },
      defender: { player: defender, weapon: 'plane', energy: 2500 },
    };
    const o = await port.fight(r);
    const after = play([{ type: 'battle', ...o }], s);
    const words = describeBattle(r, o, port.last!.seating, s, after, port.last!.mailbox!.end);
    expect(words).toBe(
      `Red (${attacker}) wins: ${defender}'s jet was destroyed. ${attacker} has ${o.energy.attacker} left, ${defender} has ${o.energy.defender} left.`,
    );
  });

  it("takes up a battle found running only when it is the one last started for this very battle (a reload never hands one battle's result to the next)", async () => {
    const c = machineConsole();
    // Battle x, started before a reload (tank against tank), its identity kept beside the machine's autosave.
    await c.type(['SPACE', 'R', 'T', '2', '5', '0', '0', 'B', 'T', '2', '5', '0', '0', 'ENTER']);
    const running = await c.waitFor((m) => m.phase === 'battle', 'battle x to start');
    const port = new MachineBattlePort(c);
    port.programmed = { id: 'x', machineBattle: running.battles };
    const x: BattleRequest = { ...request('tank', 'tank'), id: 'x' };
    // The same battle is this battle's; the game's next battle, with the same weapons, is not.
    expect(port.isRunning(x, running)).toBe(true);
    const y: BattleRequest = { ...request('tank', 'tank', 300, 200), id: 'y' };
    expect(port.isRunning(y, running)).toBe(false);
    expect(port.isRunning({ ...x, id: undefined }, running)).toBe(true);
    expect(port.isRunning({ ...request('plane', 'tank'), id: undefined }, running)).toBe(false);
    // Fighting y restarts the cartridge and programs y: its result is y's own, never x's.
    const o = await port.fight(y);
    const m = await c.read();
    expect(m).toMatchObject({ phase: 'result', red: { weapon: 'T' }, blue: { weapon: 'T' } });
    expect(o.energy.attacker).toBeLessThanOrEqual(300);
    expect(o.energy.defender).toBeLessThanOrEqual(200);
    // The cartridge counts a battle when it ends: the count it began with is one less.
    expect(port.programmed).toEqual({ id: 'y', machineBattle: m.battles - 1 });
  });

  it('refuses energy that is not a whole number from 1 up, typing nothing', async () => {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    await expect(port.fight(request('tank', 'sub', 2500, 0))).rejects.toThrow(
      /the defender \(Bob\) needs a whole number of energy units from 1 up to program, got 0/,
    );
    await expect(port.fight(request('tank', 'sub', 12.5))).rejects.toThrow(/the attacker \(Ann\) needs a whole number/);
    expect(c.queue.total).toBe(0);
  });

  it("enters a rule-21 record over the readout's four digits divided, both sides alike, and multiplies the energy left back", async () => {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    // Record 158½ x 100 against 11 x 100 (a long game's end game): typed as 7925 and 550.
    const o = await port.fight(request('tank', 'plane', 15850, 1100));
    const m = await c.read();
    expect(m).toMatchObject({ phase: 'result', winner: 'red', red: { weapon: 'T' }, blue: { weapon: 'P' } });
    expect(m.red.energy).toBeLessThanOrEqual(7925);
    expect(m.blue.energy).toBeLessThan(550);
    expect(port.last?.divisor).toBe(2);
    expect(o).toEqual({
      winner: 'attacker',
      energy: { attacker: m.red.energy === 7925 ? 15850 : m.red.energy * 2, defender: m.blue.energy * 2 },
    });
  });

  it('waits for a human ENTER when told to, and cancels cleanly mid-battle', async () => {
    const c = machineConsole({ yieldEvery: 20 });
    const port = new MachineBattlePort(c, { enter: 'human' });
    // The human presses ENTER 100 frames from now; tanks nobody moves fight on for thousands of frames.
    c.play(parseInputScript('100 ENTER down\n104 ENTER up\n'));
    const fight = port.fight(request('tank', 'tank'));
    const seen = c.waitFor.bind(c);
    let phase = '';
    c.waitFor = async (done, what, signal) => {
      const m = await seen(done, what, signal);
      phase = m.phase;
      if (what.startsWith('ENTER')) setTimeout(() => port.cancel('undo'), 0);
      return m;
    };
    await expect(fight).rejects.toThrow(BattleCancelledError);
    await expect(fight).rejects.toThrow(/Ann v Bob was cancelled: undo/);
    expect(phase).toBe('battle');
    expect((await c.read()).phase).toBe('battle');
  });

  it('after a reload mid-battle (a new port on the same machine) takes the result of the running battle without typing', async () => {
    const c = machineConsole({ yieldEvery: 20 });
    const before = new MachineBattlePort(c);
    const first = before.fight(request('tank', 'plane')).catch((e: unknown) => e);
    for (let turn = 0; turn < 10_000 && (await c.read()).phase !== 'battle'; turn++)
      await new Promise((r) => setTimeout(r, 0));
    expect((await c.read()).phase).toBe('battle');
    before.cancel('the page was reloaded');
    expect(await first).toBeInstanceOf(BattleCancelledError);
    const typed = c.queue.total;
    const after = new MachineBattlePort(c);
    const o = await after.fight(request('tank', 'plane'));
    expect(c.queue.total).toBe(typed);
    const m = await c.read();
    expect(m).toMatchObject({ phase: 'result', winner: 'red', battles: 1 });
    expect(o).toEqual({ winner: 'attacker', energy: { attacker: m.red.energy, defender: m.blue.energy } });
  });

  it('runs the first-player readout (rule 2): SPACE stops the digit, by the port or by a human', async () => {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    const digit = await port.firstPlayerReadout({ runFrames: 37 });
    const m = await c.read();
    expect(m).toMatchObject({ ours: true, phase: 'readout', digit });
    expect(digit).toBeGreaterThanOrEqual(0);
    expect(digit).toBeLessThanOrEqual(9);
    // A human stops it later: another digit (the readout moves every 4 frames), and then the war starts.
    c.play(parseInputScript('50 SPACE down\n52 SPACE up\n'));
    const human = await port.firstPlayerReadout({ stop: 'human' });
    expect((await c.read()).digit).toBe(human);
    const o = await port.fight(request('tank', 'plane'));
    expect(o.winner).toBe('attacker');
  });

  it("counts the readout's frames by number where the console is shown only the frames that bring something new", async () => {
    // As the browser's page is (src/worker/frame-post.ts): a frame whose mailbox did not change is seen only
    // every 15th. Counted by calls, the 30 frames before SPACE would be 30 changes of the digit (120 frames) and
    // the 16 frames of a stopped digit 16 × 15 frames.
    const c = machineConsole();
    const waitFor = c.waitFor.bind(c);
    let last = '';
    let lastSeen = 0;
    c.waitFor = (done, what, signal) =>
      waitFor(
        (m, frame) => {
          const now = JSON.stringify(m);
          if (now === last && frame - lastSeen < 15) return false;
          last = now;
          lastSeen = frame;
          return done(m, frame);
        },
        what,
        signal,
      );
    const port = new MachineBattlePort(c);
    const from = c.machine.frameNumber;
    const digit = await port.firstPlayerReadout({ runFrames: 30 });
    expect((await c.read()).digit).toBe(digit);
    // The key that starts the readout, its first move, 30 frames, SPACE, 16 still frames and the 15 a still frame
    // may wait to be seen: well under 120.
    expect(c.machine.frameNumber - from).toBeLessThan(120);
  });

  it('says so, instead of waiting for ever, when a SPACE reached the console before the readout ran', async () => {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    // SPACE held from the start (a player too quick): it reaches SELECT GAME, which opens program entry.
    c.play(parseInputScript('1 SPACE down\n60 SPACE up\n'));
    await expect(port.firstPlayerReadout({ stop: 'human' })).rejects.toThrow(
      /the WAR GAME readout did not start within 180 frames .*run the readout again/,
    );
    // Run again, nobody touching SPACE too early: it works.
    const digit = await port.firstPlayerReadout({ runFrames: 20 });
    expect((await c.read()).digit).toBe(digit);
  });

  it('says so when nobody stopped the readout for 20 s and the cartridge took it for the practice session', async () => {
    const c = machineConsole();
    const port = new MachineBattlePort(c);
    await expect(port.firstPlayerReadout({ stop: 'human' })).rejects.toThrow(
      /nobody stopped the WAR GAME readout within 20 seconds, so the cartridge began its practice session .*run the readout again/,
    );
    expect((await c.read()).practice).toBe(true);
    // Run again and stopped in time: the war game's readout.
    const digit = await port.firstPlayerReadout({ runFrames: 40 });
    expect(await c.read()).toMatchObject({ phase: 'readout', practice: false, digit });
  });

  it('on a cartridge that is not ours types the same keys and records only what the players confirm', async () => {
    const foreign = new Uint8Array(2048).fill(0x04); // JMP 000h-ish filler: no mailbox signature ever
    const c = machineConsole({}, foreign);
    const asked: unknown[] = [];
    const port = new MachineBattlePort(c, {
      confirm: async (ask) => {
        asked.push(ask);
        return { winner: 'defender', energy: { attacker: 0, defender: 1200 } };
      },
    });
    const o = await port.fight(request('tank', 'sub'));
    expect(o).toEqual({ winner: 'defender', energy: { attacker: 0, defender: 1200 } });
    expect(asked).toEqual([
      { request: request('tank', 'sub'), seating: { red: 'Ann', blue: 'Bob', attacker: 'red' }, prefill: {} },
    ]);
    // SPACE, R T 2500, B S 2500, ENTER: the manual's keys, one tap each.
    expect(c.queue.completed).toBe(1 + 6 + 6 + 1);
    const bad = new MachineBattlePort(machineConsole({}, foreign), {
      confirm: async () => ({ winner: 'attacker', energy: { attacker: 3000, defender: 0 } }),
    });
    await expect(bad.fight(request('tank', 'sub'))).rejects.toThrow(
      /the confirmed result cannot be right: the attacker's energy left must be a whole number from 0 to 2500/,
    );
    const none = new MachineBattlePort(machineConsole({}, foreign));
    await expect(none.fight(request('tank', 'sub'))).rejects.toThrow(
      /not ours \(no mailbox signature\).*no confirm callback/,
    );
  });
});
