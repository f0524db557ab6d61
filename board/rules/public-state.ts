import type { Chips, ChipTransfer } from '../model/chips.ts';
import type { BattleRecord, CountryStatus, GameState, Phase, WarSummary, Weapon } from '../model/game.ts';
import { chipValue } from './chips.ts';
import { allianceOf } from './board.ts';

/** The public state (printed by the CLI, read by the UI). Records are numbers with .5 for halves. */
export interface PublicState {
  phase: Phase;
  turn: string | null;
  warChest: number;
  warChestChips: Chips;
  banker: string | null;
  firstPlayer: string | null;
  buysLeft: number;
  players: {
    name: string;
    color: string;
    homeland: string | null;
    record: number;
    chips: number;
    chipsDetail: Chips;
    eliminated: boolean;
    allies: string[];
  }[];
  countries: Record<
    string,
    { zone: string; pbu: number; owner: string | null; owners: string[]; status: CountryStatus }
  >;
  war: null | {
    attacker: string;
    defender: string;
    country: string;
    kind: 'unoccupied' | 'occupied' | 'homeland';
    cost: number;
    battles: BattleRecord[];
    weapons: { attacker: Weapon | null; defender: Weapon | null };
    lostWeapons: { attacker: Weapon[]; defender: Weapon[] };
    energy: { attacker: number; defender: number };
    /** The sides at war: the attacker / defender and their player allies at the moment of the attack (rule 18). */
    attackers: string[];
    defenders: string[];
  };
  finalQueue: string[];
  endgame: null | {
    holder: string | null;
    queue: string[];
    /** Rule 21C: the players who have taken their place on the ladder so far, in order (the first started it). */
    competed: string[];
    match: null | {
      attacker: string;
      defender: string;
      energy: Record<string, number>;
      weapons: Record<string, Weapon | null>;
      barred: Record<string, Weapon | null>;
      battles: number;
      /** The pairing (rule 21C): the challenger (who carries the ladder so far) and the next player it meets; attacker/defender alternate per battle. */
      challenger: string;
      opponent: string;
    };
  };
  winner: string | null;
  winners: string[];
  lastTransfers: ChipTransfer[];
  /** The scenario's name (the board being played). */
  scenario: string;
  /** Rule 2C: each player's digit call for the first player. */
  firstCalls: Record<string, number>;
  /** The game variation in force: 1 (against the clock, minutes) and 2 (target record), null when not played. */
  variations: { clockMinutes: number | null; targetRecord: number | null };
  /** Rule 18: the player alliances in force, each a list of names in seating order. */
  alliances: string[][];
  /** Rule 18F: pairs whose alliance was broken and can't be renewed. */
  brokenPairs: [string, string][];
  /** The game log, one line per accepted event. */
  log: string[];
  /** The last war decided: its battles, verdict, chips and markers (null before the first). */
  lastWar: WarSummary | null;
  /** The records (in spaces, seating order) after every step that changed one; `step` is the log line (0 = the start). */
  recordTrail: { step: number; records: number[] }[];
}

export function publicState(s: GameState): PublicState {
  const countries: PublicState['countries'] = {};
  for (const [name, c] of Object.entries(s.countries)) {
    countries[name] = { zone: c.zone, pbu: c.pbu, owner: c.owners[0] ?? null, owners: [...c.owners], status: c.status };
  }
  const m = s.endgame?.match ?? null;
  return {
    phase: s.phase,
    turn: s.turn,
    warChest: chipValue(s.warChest),
    warChestChips: { ...s.warChest },
    banker: s.banker,
    firstPlayer: s.firstPlayer,
    buysLeft: s.buysLeft,
    players: s.players.map((p) => ({
      name: p.name,
      color: p.color,
      homeland: p.homeland,
      record: p.recordHalves / 2,
      chips: chipValue(p.chips),
      chipsDetail: { ...p.chips },
      eliminated: p.eliminated,
      allies: allianceOf(s, p.name).filter((n) => n !== p.name),
    })),
    countries,
    war: s.war && {
      attacker: s.war.attacker,
      defender: s.war.defender,
      country: s.war.country,
      kind: s.war.kind,
      cost: s.war.cost,
      battles: structuredClone(s.war.battles),
      weapons: { ...s.war.weapons },
      lostWeapons: { attacker: [...s.war.lost.attacker], defender: [...s.war.lost.defender] },
      energy: { ...s.war.energy },
      attackers: [...s.war.attackers],
      defenders: [...s.war.defenders],
    },
    finalQueue: [...s.finalQueue],
    endgame: s.endgame && {
      holder: s.endgame.holder,
      queue: [...s.endgame.queue],
      competed: [...s.endgame.competed],
      match: m && {
        attacker: m.attacker,
        defender: m.attacker === m.a ? m.b : m.a,
        energy: { ...m.energy },
        weapons: { ...m.weapons },
        barred: { ...m.barred },
        battles: m.battles,
        challenger: m.a,
        opponent: m.b,
      },
    },
    winner: s.winner,
    winners: [...s.winners],
    lastTransfers: structuredClone(s.lastTransfers),
    scenario: s.scenario.name,
    firstCalls: { ...s.firstCalls },
    variations: { clockMinutes: s.variations.clockMinutes, targetRecord: s.variations.targetRecord },
    alliances: s.alliances.map((a) => [...a]),
    brokenPairs: s.brokenPairs.map((p) => p.split('|') as [string, string]),
    log: [...s.log],
    lastWar: s.lastWar ? structuredClone(s.lastWar) : null,
    recordTrail: (s.recordTrail ?? []).map((p) => ({ step: p.step, records: p.halves.map((h) => h / 2) })),
  };
}
