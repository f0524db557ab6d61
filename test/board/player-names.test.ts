import { describe, expect, it } from 'vitest';
import { applyEvent, newGame, world1982 } from '../../board/index.ts';
import type { GameEvent } from '../../board/index.ts';

const setup = (players: unknown, extra: Record<string, unknown> = {}): ReturnType<typeof applyEvent> =>
  applyEvent(newGame(world1982()), { type: 'setup', players, ...extra } as GameEvent);
const refused = (r: ReturnType<typeof applyEvent>): string =>
  r.ok ? 'accepted' : `${r.refusal.rule}: ${r.refusal.reason}`;

describe('player names, colours and chips at setup (rule 1)', () => {
  it('"Ann", "ann" and "Ann " are one player', () => {
    expect(
      refused(
        setup([
          { name: 'Ann', color: 'red' },
          { name: 'ann', color: 'blue' },
        ]),
      ),
    ).toMatch(/1B: two players are named "ann"/);
    expect(
      refused(
        setup([
          { name: 'Ann', color: 'red' },
          { name: 'Ann ', color: 'blue' },
        ]),
      ),
    ).toMatch(/1B: two players are named "Ann"/);
    const r = setup(
      [
        { name: ' Ann ', color: 'red' },
        { name: 'Bob', color: 'blue' },
      ],
      { banker: 'Ann ' },
    );
    expect(r.ok && r.state.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    expect(r.ok && r.state.banker).toBe('Ann');
  });

  it('refuses control and text-direction characters and very long names', () => {
    expect(
      refused(
        setup([
          { name: 'A\u0000nn', color: 'red' },
          { name: 'Bob', color: 'blue' },
        ]),
      ),
    ).toMatch(/1B: "A\?nn" holds a control or text-direction character/);
    expect(
      refused(
        setup([
          { name: 'Ann\u202Egninrub', color: 'red' },
          { name: 'Bob', color: 'blue' },
        ]),
      ),
    ).toMatch(/text-direction character/);
    expect(
      refused(
        setup([
          { name: 'x'.repeat(1 << 20), color: 'red' },
          { name: 'Bob', color: 'blue' },
        ]),
      ),
    ).toMatch(/at most 24 characters \(got 1048576\)/);
  });

  it('takes a colour name or #rrggbb, and only the three chip denominations', () => {
    expect(
      refused(
        setup([
          { name: 'Ann', color: 'url(javascript:1)' },
          { name: 'Bob', color: 'blue' },
        ]),
      ),
    ).toMatch(/Ann needs a marker colour: a colour name such as red, or #rrggbb/);
    expect(
      setup([
        { name: 'Ann', color: '#aa00ff' },
        { name: 'Bob', color: 'dark-green' },
      ]).ok,
    ).toBe(true);
    expect(
      refused(
        setup(
          [
            { name: 'Ann', color: 'red' },
            { name: 'Bob', color: 'blue' },
          ],
          { chips: { 1000: 5, 500: 5, 100: 5, 250: 4 } },
        ),
      ),
    ).toMatch(/1C: .*there is no "250" chip/);
  });

  it('a missing player field is named, not read as "undefined"', () => {
    const s = setup([
      { name: 'Ann', color: 'red' },
      { name: 'Bob', color: 'blue' },
    ]);
    if (!s.ok) throw new Error('setup refused');
    const r = applyEvent(s.state, { type: 'first.call', digit: 3 } as unknown as GameEvent);
    expect(refused(r)).not.toMatch(/undefined/);
    expect(refused(r)).toMatch(/name the player/);
  });
});
