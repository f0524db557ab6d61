/**
 * The same evening, seated two ways (issue 33): Ann a computer and Bob a person at one table, or Bob a
 * person at a guest's page over a poor line, who reloads mid-battle. The table engine is one engine, so
 * both end in the same game: the same log, move for move, every battle with the same result. Bob's moves
 * come from the same seeded stream in both (a seat's stream is seeded from the clock when it is seated, so
 * both evenings seat at the same moment), and the hands on the sticks are a tape: at one table the battle
 * bots steer and every frame's sticks are taped; at the remote table each machine plays its own side's
 * tape by the battle's frame (the rollback's), whenever that frame runs. Bounded by display frames.
 */
import { describe, expect, it } from 'vitest';
import { checkInvariants, type GameState } from '../../../board/index.ts';
import { TINY_HOMES, TINY_SEATING, playTiny } from '../../harness/tiny-game.ts';
import { RemoteTable } from '../../harness/remote-table.ts';
import type { NetNode } from '../../harness/net-node.ts';
import type { LineOptions } from '../../harness/table-network.ts';

const POOR_LINE: LineOptions = { delayMs: 60, jitterMs: 15, loss: 0.03, resendMs: 200, seed: 11 };
const TOKEN = 'bob-token-same-evening';
/** Both evenings seat their players at this moment of the table's clock (the guest has joined by then). */
const SEAT_AT_MS = 5_000;
const over = (s: GameState | null | undefined): boolean => s?.phase === 'over';

/** Each battle's sticks, frame by frame: [left, right]. */
type Tape = [number, number][][];

/**
 * The game at the host with Ann and Bob at home (the readout is stopped before: its digit is the
 * machine's at the moment SPACE comes, and over a line the calls come later); the host's battles
 * counted as the table fights them.
 */
function table(line?: LineOptions): { t: RemoteTable; battles: () => number } {
  const t = new RemoteTable(playTiny([...TINY_SEATING, ...TINY_HOMES]), line);
  let fought = 0;
  let stage = t.host.battle.state.stage;
  t.host.battle.subscribe(() => {
    const now = t.host.battle.state.stage;
    // On the host's machine alone, a battle's frames count from when the table sees it fought.
    if (now === 'fighting' && stage !== 'fighting') {
      fought++;
      t.host.node.scriptFrom = t.host.node.frames;
    } else if (now !== 'fighting') t.host.node.scriptFrom = null;
    stage = now;
  });
  return { t, battles: () => fought };
}

/** A machine's hands play the tape: its battle `battle()`'s sticks by the battle's frame, centred past its end. */
function play(node: NetNode, tape: Tape, battle: () => number): void {
  node.hands = false;
  node.script = (side, frame) => tape[battle() - 1]?.[frame]?.[side] ?? 0;
}

/** Ann (hard) and Bob (easy) computers at one table, every battle's sticks taped. */
async function oneTable(): Promise<{ end: GameState; tape: Tape }> {
  const { t, battles } = table();
  const tape: Tape = [];
  // A network battle's first frames (its input delay, at most 8) have both sticks centred: so have these.
  t.host.node.stillFrames = 8;
  t.host.node.taped = (frame, left, right) => {
    (tape[battles() - 1] ??= [])[frame] = [left, right];
  };
  await t.until(() => t.clock.now() >= SEAT_AT_MS, 'the seating time', 600);
  t.host.computers.setSeat('Ann', 'hard');
  t.host.computers.setSeat('Bob', 'easy');
  await t.until(() => over(t.host.state()), 'the game at one table to end', 120_000);
  t.host.close();
  return { end: t.host.state(), tape };
}

describe('the same evening at one table and at a remote table', { timeout: 240_000 }, () => {
  it('ends in the same game, though the guest reloads mid-battle over a poor line', async () => {
    const alone = await oneTable();
    expect(checkInvariants(alone.end)).toEqual([]);
    expect(alone.tape.length).toBeGreaterThan(1);

    const { t, battles } = table(POOR_LINE);
    const { host } = t;
    play(host.node, alone.tape, battles);
    let bob = await t.join('Bob at home', TOKEN);
    play(bob.node, alone.tape, battles);
    await t.until(() => bob.remote.you !== null && bob.state !== null, 'the guest to be welcomed', 600);
    bob.remote.claim('Bob');
    await t.until(() => bob.remote.mine().includes('Bob'), "Bob's seat to be the guest's", 600);
    await t.until(() => t.clock.now() >= SEAT_AT_MS, 'the seating time', 600);
    const seed = 1 + (t.clock.now() % 100_000);
    host.computers.setSeat('Ann', 'hard');
    bob.sit('Bob', 'easy', seed);

    // Mid-battle the guest's page reloads: the same token joins at once and gets the battle back.
    await t.until(() => host.remote.battling && bob.node.netFrames > 40, 'a battle under way at the guest', 60_000);
    const before = battles();
    t.vanish(bob);
    const gone = bob;
    bob = await t.join('Bob at home', TOKEN);
    play(bob.node, alone.tape, battles);
    bob.sit('Bob', 'easy', seed, gone);
    await t.until(() => bob.node.inBattle, 'the battle back on the reloaded page', 1_200);
    await t.until(() => over(host.state()) && !host.remote.battling, 'the remote game to end', 120_000);
    const remote = host.state();
    host.close();
    expect(battles()).toBeGreaterThan(before);
    expect(checkInvariants(remote)).toEqual([]);
    // The same game: every move the same, every battle won by the same side, the same owners and records at the end.
    const moves = (s: GameState): string[] => s.log.map((line) => line.replace(/\d+/g, '#'));
    expect(moves(remote)).toEqual(moves(alone.end));
    expect(remote.countries).toEqual(alone.end.countries);
    expect(remote.players.map((p) => [p.name, p.recordHalves + p.adjustHalves])).toEqual(
      alone.end.players.map((p) => [p.name, p.recordHalves + p.adjustHalves]),
    );
    // Each battle's energy left is within a few units: a battle's course also follows the machine's own running
    // state when ENTER comes (its timer, its frame count), and a line's pace moves that by a frame or two.
    const left = (s: GameState): number[] =>
      s.log.flatMap((line) => [...line.matchAll(/energy left (\d+) \/ (\d+)/g)].flatMap((m) => [+m[1], +m[2]]));
    const here = left(alone.end);
    expect(here.length).toBeGreaterThan(3);
    left(remote).forEach((units, i) => expect(Math.abs(units - here[i]), `battle energy ${i}`).toBeLessThanOrEqual(12));
  });
});
