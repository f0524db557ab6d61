import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { MachineEvent } from '../../board/index.ts';
import { TURN_STATES, checkInvariants, gameMachine, legalActions, turnStateOf } from '../../board/index.ts';
import { tinyScenario } from './helpers.ts';

type Snap = SnapshotFrom<typeof gameMachine>;

/** Concrete events to try from a snapshot: the legal actions, a few choices each, plus refused ones. */
function eventsFor(snap: Snap): MachineEvent[] {
  const s = snap.context.state;
  const out: MachineEvent[] = [];
  for (const a of legalActions(s)) {
    const few = [...new Set([a.choices[0], a.choices[a.choices.length - 1]])].filter((c) => c !== undefined);
    switch (a.type) {
      case 'setup':
        out.push({
          type: 'setup',
          players: [
            { name: 'Ann', color: 'blue' },
            { name: 'Bob', color: 'red' },
          ],
          clockMinutes: 60,
        });
        break;
      case 'first.call':
        few.forEach((d) => out.push({ type: 'first.call', player: a.player!, digit: Number(d) }));
        break;
      case 'first.readout':
        out.push({ type: 'first.readout', digit: 4 });
        break;
      case 'homeland':
        few.forEach((c) => out.push({ type: 'homeland', player: a.player!, country: String(c) }));
        break;
      case 'ally.home':
        out.push({ type: 'ally.home', player: a.player!, countries: [] });
        few.forEach((c) => out.push({ type: 'ally.home', player: a.player!, countries: [String(c)] }));
        break;
      case 'ally.buy':
      case 'attack':
        few.forEach((c) => out.push({ type: a.type, player: a.player!, country: String(c) } as MachineEvent));
        break;
      case 'weapon':
        few.forEach((w) => out.push({ type: 'weapon', player: a.player!, weapon: w as 'tank' }));
        break;
      case 'battle': {
        const m = s.war ?? null;
        const e = m
          ? m.energy
          : (() => {
              const mm = s.endgame!.match!;
              return { attacker: mm.energy[mm.attacker], defender: mm.energy[mm.attacker === mm.a ? mm.b : mm.a] };
            })();
        out.push({ type: 'battle', winner: 'attacker', energy: { attacker: e.attacker, defender: 0 } });
        out.push({
          type: 'battle',
          winner: 'defender',
          energy: { attacker: Math.floor(e.attacker / 2), defender: e.defender },
        });
        break;
      }
      case 'pass':
        out.push({ type: 'pass', player: a.player! });
        break;
      case 'endgame.start':
        out.push({ type: 'endgame.start' });
        break;
      case 'clock.expired':
        if (s.phase === 'play') out.push({ type: 'clock.expired' });
        break;
      default:
        break;
    }
  }
  // Refused events must leave the machine where it was.
  out.push({ type: 'attack', player: 'Nobody', country: 'A1' }, { type: 'undo' }, { type: 'redo' });
  return out;
}

// Coarse keys keep the graph small: where the machine is, how far the board has filled, how far a war has gone.
// (A refused event leaves the key unchanged, so refusals add no vertices.)
function key(snap: Snap): string {
  const s = snap.context.state;
  const occupied = Object.values(s.countries).filter((c) => c.owners.length > 0).length;
  return JSON.stringify([
    snap.value,
    Object.keys(s.firstCalls).length,
    s.homelandOrder.length,
    occupied,
    s.war?.battles.length ?? -1,
    s.turn,
    s.finalQueue.length,
    s.endgame?.match?.battles ?? -1,
    s.endgame?.queue.length ?? -1,
    s.war?.weapons ?? null,
    s.endgame?.match?.weapons ?? null,
    // A record of 0 enters the end game with no energy and ends it at once: tell those apart.
    s.players.every((p) => p.recordHalves > 0),
  ]);
}

describe('the turn machine, model-based (xstate/graph)', () => {
  const model = createTestModel(gameMachine, {
    input: { scenario: tinyScenario },
    events: eventsFor,
    serializeState: key,
  });
  const paths = model.getShortestPaths();
  // The model drops paths that are prefixes of longer ones, so look at every state along each path.
  const visited = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]);

  it('reaches every state of the machine', () => {
    const reached = new Set(visited.map((snap) => turnStateOf(snap.context.state)));
    expect([...reached].sort()).toEqual([...TURN_STATES].sort());
    const values = new Set(visited.map((snap) => JSON.stringify(snap.value)));
    for (const v of TURN_STATES) {
      const [a, b] = v.split('.');
      expect(values.has(JSON.stringify(b ? { [a]: b } : a))).toBe(true);
    }
  });

  it('replays one shortest path to each state on a real actor, which ends in that state with a sound game', async () => {
    // The shortest path to each state: the shortest prefix of the model's paths that ends there.
    const targets = new Map<string, (typeof paths)[number]>();
    for (const p of paths) {
      p.steps.forEach((st, i) => {
        const v = turnStateOf(st.state.context.state);
        const prefix = { ...p, state: st.state, steps: p.steps.slice(0, i + 1) };
        if (!targets.has(v) || targets.get(v)!.steps.length > prefix.steps.length) targets.set(v, prefix);
      });
    }
    expect(targets.size).toBe(TURN_STATES.length);
    for (const [view, path] of targets) {
      const actor = createActor(gameMachine, { input: { scenario: tinyScenario } }).start();
      await model.testPath(path, {
        events: Object.fromEntries(
          [
            'setup',
            'first.call',
            'first.readout',
            'homeland',
            'ally.home',
            'ally.buy',
            'attack',
            'weapon',
            'battle',
            'pass',
            'endgame.start',
            'clock.expired',
            'undo',
            'redo',
          ].map((t) => [
            t,
            ({ event }: { event: MachineEvent }) => {
              actor.send(event);
            },
          ]),
        ),
        states: Object.fromEntries(
          TURN_STATES.map((v) => [
            v.replace('.', '.'),
            (snap: Snap) => {
              expect(actor.getSnapshot().value).toEqual(snap.value);
            },
          ]),
        ),
      });
      const end = actor.getSnapshot();
      expect(turnStateOf(end.context.state)).toBe(view);
      expect(checkInvariants(end.context.state)).toEqual([]);
    }
  });
});
