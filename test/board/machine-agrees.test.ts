/**
 * The turn machine's transitions live in the states that accept each event: this checks no state
 * drops an event the rules accept. Random games (random-games.ts, plus every legal action now and
 * then) are played on an actor and on applyEvent side by side: the same accepted states, the same
 * refusals, and the machine always in the state the rules state belongs in.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createActor } from 'xstate';
import type { GameEvent, Scenario } from '../../board/index.ts';
import { applyEvent, gameMachine, legalActions, turnStateOf, world1982 } from '../../board/index.ts';
import { randomEvent } from './random-games.ts';
import { tinyScenario } from './helpers.ts';

function valueOf(view: string): unknown {
  const [a, b] = view.split('.');
  return b ? { [a]: b } : a;
}

/** A legal action turned into an event, when it needs no figures of its own. */
function legalEvent(a: ReturnType<typeof legalActions>[number], pick: (n: number) => number): GameEvent | null {
  const c = a.choices.length ? a.choices[pick(a.choices.length)] : undefined;
  switch (a.type) {
    case 'alliance.form':
      return typeof c === 'string' ? { type: 'alliance.form', players: [a.player!, c] } : null;
    case 'alliance.break':
      return { type: 'alliance.break', player: a.player! };
    case 'clock.expired':
      return { type: 'clock.expired' };
    case 'endgame.start':
      return { type: 'endgame.start' };
    default:
      return null;
  }
}

describe('the machine agrees with the rules on random games', { timeout: 60_000 }, () => {
  it('accepts exactly what applyEvent accepts, in every state', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Scenario>(world1982(), tinyScenario),
        fc.array(fc.integer({ min: 0, max: 0x7fffffff }), { minLength: 64, maxLength: 64 }),
        (scenario, seeds) => {
          let i = 0;
          const pick = (n: number) => (n <= 1 ? 0 : seeds[i++ % seeds.length] % n);
          const actor = createActor(gameMachine, { input: { scenario } }).start();
          for (let k = 0; k < 200; k++) {
            const s = actor.getSnapshot().context.state;
            if (s.phase === 'over') break;
            const extra =
              pick(6) === 0
                ? legalActions(s)
                    .map((a) => legalEvent(a, pick))
                    .filter((e) => e !== null)
                : [];
            const e = extra.length ? extra[pick(extra.length)] : randomEvent(s, pick);
            const r = applyEvent(s, e);
            actor.send(e);
            const after = actor.getSnapshot();
            if (r.ok) {
              expect(after.context.state, `${e.type} accepted by the rules in ${turnStateOf(s)}`).toEqual(r.state);
              expect(after.context.lastRefusal).toBeNull();
            } else {
              expect(after.context.state).toBe(s);
              expect(after.context.lastRefusal).toEqual(r.refusal);
            }
            expect(after.value).toEqual(valueOf(turnStateOf(after.context.state)));
          }
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
  });
});
