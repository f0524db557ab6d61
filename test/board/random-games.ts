import type { GameEvent, GameState } from '../../board/index.ts';
import { WEAPONS } from '../../board/model/game.ts';
import { allianceOf, zoneCountries } from '../../board/rules/board.ts';

/**
 * A plausible next event for a random game: mostly legal, sometimes not (the rules must refuse those).
 * `pick(n)` returns a random integer in [0, n).
 */
export function randomEvent(s: GameState, pick: (n: number) => number): GameEvent {
  const one = <T>(xs: readonly T[]): T => xs[pick(xs.length)];
  const names = s.players.map((p) => p.name);
  const active = s.players.filter((p) => !p.eliminated).map((p) => p.name);
  const countries = Object.keys(s.countries);
  if (pick(25) === 0) {
    // Junk and out-of-turn events now and then.
    return one<GameEvent>([
      { type: 'attack', player: one(names.length ? names : ['nobody']), country: one(countries) },
      { type: 'ally.buy', player: one(names.length ? names : ['nobody']), country: 'Atlantis' },
      { type: 'battle', winner: 'attacker', energy: { attacker: 5000, defender: 0 } },
      { type: 'endgame.start' },
      { type: 'first.readout', digit: pick(12) },
      { type: 'pass', player: one(names.length ? names : ['nobody']) },
      { type: 'weapon', player: one(names.length ? names : ['nobody']), weapon: 'sub' },
    ]);
  }
  switch (s.phase) {
    case 'setup': {
      const n = 2 + pick(5);
      return {
        type: 'setup',
        players: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, color: `c${i}` })),
        chips: { '1000': 20 + pick(60), '500': pick(40), '100': pick(60) },
        ...(pick(4) === 0 ? { targetRecord: 10 + pick(40) } : {}),
      };
    }
    case 'first-player': {
      // Own keys only: a player named "constructor" is "in" every object.
      const missing = names.filter((n) => !Object.hasOwn(s.firstCalls, n));
      if (missing.length === 0) return { type: 'first.readout', digit: pick(10) };
      return { type: 'first.call', player: one(missing), digit: pick(10) };
    }
    case 'homelands':
      return { type: 'homeland', player: s.turn!, country: one(countries) };
    case 'home-alliances': {
      const me = s.players.find((p) => p.name === s.turn)!;
      const zone = zoneCountries(s, s.countries[me.homeland!].zone).filter((c) => c !== me.homeland && pick(2) === 0);
      return { type: 'ally.home', player: me.name, countries: zone };
    }
    case 'awaiting-endgame':
      return { type: 'endgame.start' };
    case 'endgame': {
      const m = s.endgame!.match!;
      const def = m.attacker === m.a ? m.b : m.a;
      const need = [m.a, m.b].filter((n) => m.weapons[n] === null);
      if (need.length) return { type: 'weapon', player: one(need), weapon: one(WEAPONS) };
      const ea = pick(3) === 0 ? 0 : pick(m.energy[m.attacker] + 1);
      const ed = ea > 0 && pick(3) === 0 ? 0 : pick(m.energy[def] + 1);
      return {
        type: 'battle',
        winner:
          ea === 0 ? 'defender' : ed === 0 ? 'attacker' : one(['attacker', 'defender', 'both-destroyed'] as const),
        energy: { attacker: ea, defender: ed },
      };
    }
    default: {
      const w = s.war;
      if (w) {
        if (!w.weapons.attacker) return { type: 'weapon', player: w.attacker, weapon: one(WEAPONS) };
        if (!w.weapons.defender) return { type: 'weapon', player: w.defender, weapon: one(WEAPONS) };
        const ea = pick(6) === 0 ? 0 : pick(w.energy.attacker + 1);
        const ed = ea > 0 && pick(6) === 0 ? 0 : pick(w.energy.defender + 1);
        return {
          type: 'battle',
          winner:
            ea === 0 ? 'defender' : ed === 0 ? 'attacker' : one(['attacker', 'defender', 'both-destroyed'] as const),
          energy: { attacker: ea, defender: ed },
        };
      }
      const actor = one(allianceOf(s, s.turn!));
      const r = pick(20);
      if (r < 9) return { type: 'attack', player: actor, country: one(countries) };
      if (r < 14) return { type: 'ally.buy', player: actor, country: one(countries) };
      if (r < 18) return { type: 'pass', player: s.turn! };
      if (r < 19 && active.length >= 3) return { type: 'alliance.form', players: [actor, one(active)] };
      return { type: 'alliance.break', player: one(active) };
    }
  }
}
