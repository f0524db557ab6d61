import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../board/index.ts';
import { applyEvent, newGame } from '../../../board/index.ts';
import { P, tinyScenario } from '../helpers.ts';

const setup = (names: string[], extra: Record<string, unknown> = {}) =>
  applyEvent(newGame(tinyScenario), { type: 'setup', players: names.map(P), ...extra } as GameEvent);
const refused = (r: ReturnType<typeof applyEvent>): string =>
  r.ok ? 'accepted' : `${r.refusal.rule}: ${r.refusal.reason}`;

describe('setup (rule 1) refuses a table that could never finish its opening', () => {
  it('seats no more players than the board has countries (rule 3: each chooses a homeland)', () => {
    expect(setup(['A', 'B', 'C', 'D', 'E']).ok).toBe(true);
    expect(refused(setup(['A', 'B', 'C', 'D', 'E', 'F']))).toBe(
      '3: 6 players need 6 homelands, but this board has 5 countries',
    );
  });

  it('refuses a clock or a target no save could keep (infinite, or beyond any game)', () => {
    expect(refused(setup(['A', 'B'], { clockMinutes: Infinity }))).toMatch(
      /^Variation 1: the clock needs a positive number of minutes, at most 10080/,
    );
    expect(refused(setup(['A', 'B'], { targetRecord: 1e300 }))).toMatch(
      /^Variation 2: the target record must be a positive number of whole or half spaces/,
    );
  });
});
