import type { GameState } from '../model/game.ts';
import type { GameEvent } from '../model/events.ts';
import { WEAPONS } from '../model/game.ts';
import { applyEvent } from './apply.ts';
import { activePlayers, allianceOf } from './board.ts';

/**
 * One thing a player may do now. `choices` lists the countries, digits, weapons or partners that
 * would be accepted; a `battle` or `setup` needs its own figures (energies, names) entered.
 */
export interface LegalAction {
  type: GameEvent['type'];
  player: string | null;
  choices: (string | number)[];
}

function accepted(s: GameState, e: GameEvent): boolean {
  return applyEvent(s, e).ok;
}

/** Lists one action (`add` in legalActions). */
type AddAction = (type: GameEvent['type'], player: string | null, choices?: (string | number)[]) => void;

/** What each player may do now, checked against the rules themselves (so it never disagrees with them). */
export function legalActions(state: GameState): LegalAction[] {
  // Probing clones the state per candidate; the log is not needed for that.
  const s: GameState = { ...state, log: [] };
  const out: LegalAction[] = [];
  const add: AddAction = (type, player, choices = []) => {
    out.push({ type, player, choices });
  };
  if (s.phase === 'setup') {
    add('setup', null);
    return out;
  }
  if (s.phase === 'over') return out;
  phaseActions(s, add);
  allianceActions(s, add);
  if (s.variations.clockMinutes !== null) add('clock.expired', null);
  // The banker is out: whoever is still in the game may take over the war chest.
  if (s.banker !== null && s.players.find((p) => p.name === s.banker)?.eliminated) {
    add(
      'banker',
      null,
      activePlayers(s).map((p) => p.name),
    );
  }
  return out;
}

/** What the phase itself asks for: the first calls and readout, homelands, the end game's weapons, or the war or turn. */
function phaseActions(s: GameState, add: AddAction): void {
  const countries = Object.keys(s.countries);
  switch (s.phase) {
    case 'first-player': {
      for (const p of s.players) {
        if (Object.hasOwn(s.firstCalls, p.name)) continue;
        add(
          'first.call',
          p.name,
          [...Array(10).keys()].filter((d) => !Object.values(s.firstCalls).includes(d)),
        );
      }
      if (Object.keys(s.firstCalls).length === s.players.length) add('first.readout', null, [...Array(10).keys()]);
      break;
    }
    case 'homelands':
      add(
        'homeland',
        s.turn,
        countries.filter((c) => accepted(s, { type: 'homeland', player: s.turn!, country: c })),
      );
      break;
    case 'home-alliances':
      add(
        'ally.home',
        s.turn,
        countries.filter((c) => accepted(s, { type: 'ally.home', player: s.turn!, countries: [c] })),
      );
      break;
    case 'endgame': {
      const m = s.endgame?.match;
      if (m) {
        for (const p of [m.a, m.b]) {
          const ws = WEAPONS.filter((w) => accepted(s, { type: 'weapon', player: p, weapon: w }));
          if (ws.length) add('weapon', p, ws);
        }
        if (Object.values(m.weapons).every((w) => w !== null)) add('battle', null);
      }
      break;
    }
    case 'awaiting-endgame':
      add('endgame.start', null);
      break;
    default:
      warOrTurnActions(s, countries, add);
  }
}

/** During play: both sides' weapons and the battle in a war, else the turn's alliance buys, attacks and pass. */
function warOrTurnActions(s: GameState, countries: string[], add: AddAction): void {
  if (s.war) {
    for (const p of [s.war.attacker, s.war.defender]) {
      add(
        'weapon',
        p,
        WEAPONS.filter((w) => accepted(s, { type: 'weapon', player: p, weapon: w })),
      );
    }
    if (s.war.weapons.attacker && s.war.weapons.defender) add('battle', null);
  } else if (s.turn) {
    for (const p of allianceOf(s, s.turn)) {
      const buys = countries.filter((c) => accepted(s, { type: 'ally.buy', player: p, country: c }));
      if (buys.length) add('ally.buy', p, buys);
      const attacks = countries.filter((c) => accepted(s, { type: 'attack', player: p, country: c }));
      if (attacks.length) add('attack', p, attacks);
    }
    add('pass', s.turn);
  }
}

/** Alliances formed (three players or more, out of a war) and broken (out of a war or confrontation). */
function allianceActions(s: GameState, add: AddAction): void {
  if (!s.war && s.players.length >= 3 && ['homelands', 'home-alliances', 'play'].includes(s.phase)) {
    for (const p of activePlayers(s)) {
      const partners = activePlayers(s)
        .filter((q) => q.name !== p.name && !allianceOf(s, p.name).includes(q.name))
        .map((q) => q.name)
        .filter((q) =>
          accepted(s, {
            type: 'alliance.form',
            players: [...new Set([...allianceOf(s, p.name), ...allianceOf(s, q)])],
          }),
        );
      if (partners.length) add('alliance.form', p.name, partners);
    }
  }
  if (!s.war && !s.endgame?.match) {
    for (const p of activePlayers(s)) if (allianceOf(s, p.name).length > 1) add('alliance.break', p.name);
  }
}
