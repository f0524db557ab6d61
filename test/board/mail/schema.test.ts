/**
 * The turn schema's "no unknown field" check takes a field's own name only: `constructor`, `toString`
 * and `__proto__` are on every object's prototype, and an `in` check let them through (issue 37).
 */
import { describe, expect, it } from 'vitest';
import { checkTurnShape, eventsProblem } from '../../../board/index.ts';
import { craft, homelandsGame } from './kit.ts';

const PROTO_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

describe('the turn schema', () => {
  it.each(PROTO_NAMES)('refuses an event field named %s as unknown', (name) => {
    // Written as text: an object literal's __proto__ would set the prototype, JSON.parse makes it a field.
    const events: unknown = JSON.parse(`[{"type":"pass","player":"Ann","${name}":1}]`);
    expect(eventsProblem(events)).toBe(`event 1 (pass) has a field "${name}" that a pass event does not have`);
  });

  it.each(PROTO_NAMES)('refuses a turn field named %s as unknown', async (name) => {
    const { turn } = await craft(await homelandsGame(), 'Ann', [{ type: 'pass', player: 'Ann' }]);
    const text = JSON.stringify(turn).replace(/^\{/, `{"${name}":1,`);
    const r = checkTurnShape(JSON.parse(text));
    expect(r).toEqual({
      ok: false,
      error: `this is not a valid turn: it has a field "${name}" that a turn does not have`,
    });
  });

  it('still takes a setup event without its optional fields', () => {
    expect(eventsProblem([{ type: 'setup', players: [{ name: 'Ann', color: 'red' }] }])).toBeNull();
  });
});
