import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../board/index.ts';
import { applyEvent, newGame, world1982 } from '../../../board/index.ts';
import { nameKey, nameProblem } from '../../../board/model/names.ts';

const setup = (names: string[], extra: Record<string, unknown> = {}) =>
  applyEvent(newGame(world1982()), {
    type: 'setup',
    players: names.map((name, i) => ({ name, color: `c${i}` })),
    ...extra,
  } as GameEvent);
const refused = (r: ReturnType<typeof applyEvent>): string =>
  r.ok ? 'accepted' : `${r.refusal.rule}: ${r.refusal.reason}`;

const NFC = 'Jos\u00e9';
const NFD = 'Jose\u0301';

describe('names are compared as people read them (nameKey)', () => {
  it('folds Unicode forms, case, full-width letters, invisible characters and spaces', () => {
    expect(NFC).not.toBe(NFD);
    expect(nameKey(NFD)).toBe(nameKey(NFC));
    expect(nameKey('\uff21nn')).toBe(nameKey('Ann')); // full-width A
    expect(nameKey('A\u200bnn')).toBe('ann'); // zero-width space
    expect(nameKey('An\u00adn\u2060')).toBe('ann'); // soft hyphen, word joiner
    expect(nameKey('  Ann   Lee ')).toBe('ann lee');
    expect(nameKey('Ann')).not.toBe(nameKey('Anne'));
  });

  it('refuses control characters, line separators and bidi controls outright, with a sentence', () => {
    for (const bad of [
      'A\u0000nn',
      'A\u001bnn',
      'A\u0085nn',
      'A\u2028nn',
      'Ann\u202egninrub',
      'A\u200fnn',
      'A\u2066nn\u2069',
      'A\u061cnn',
    ]) {
      expect(nameProblem(bad, 'a player name', 24), JSON.stringify(bad)).toMatch(
        /holds a control or text-direction character, which cannot be part of a player name/,
      );
    }
    expect(nameProblem('\u200b\u200b', 'a player name', 24)).toMatch(/shows nothing, which cannot be a player name/);
    expect(nameProblem('\uff03x', 'a player name', 24)).toMatch(/cannot be a player name/); // full-width #
    expect(nameProblem('Jos\u00e9', 'a player name', 24)).toBeNull();
  });
});

describe('setup tells players apart by nameKey (rule 1B)', () => {
  it('refuses "José" typed two ways, "Ann" and a full-width "Ａnn", a zero-width space inside a name', () => {
    expect(refused(setup([NFC, NFD]))).toMatch(/^1B: two players are named "Jose\u0301"/u);
    expect(refused(setup(['Ann', '\uff21nn']))).toMatch(/^1B: two players are named "Ａnn"/);
    expect(refused(setup(['Ann', 'A\u200bnn']))).toMatch(/^1B: two players are named/);
    expect(refused(setup(['Ann', '\u200b']))).toMatch(/^1B: .* shows nothing, which cannot be a player name/);
    expect(setup(['José', 'Jose']).ok).toBe(true);
  });

  it('finds the banker the same way, and keeps the name as seated', () => {
    const r = setup(['Ann', 'Bob'], { banker: 'bob' });
    expect(r.ok && r.state.banker).toBe('Bob');
  });
});
