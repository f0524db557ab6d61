/**
 * What a table says about the moment (issue 35, what people saw playing a whole game): "Legal now" as it is
 * at a table whose battles are fought on the console (the engine's list says "record a battle" all through
 * a battle nobody records by hand), who presses ENTER on the console, and which board moves a person's click
 * may not make (a seat the computer plays). Pure: the page gives the engine's legal actions, the table
 * battle's stage and who is a computer.
 */
import type { GameEvent } from '../model/events.ts';
import type { LegalAction } from '../rules/legal.ts';
import type { BattleStage } from '../machines/battle-chart.ts';
import { eventSeats } from './event-seats.ts';

/** Each legal action's type in the words of "Legal now" (the board page lists them as they are). */
export const LEGAL_WORDS: Readonly<Record<string, string>> = {
  'first.call': 'call a digit',
  'first.readout': 'read the readout digit',
  homeland: 'choose a homeland',
  'ally.home': 'ally in the home zone',
  'ally.buy': 'buy an alliance',
  attack: 'attack a country',
  weapon: 'choose a weapon',
  battle: 'record a battle',
  pass: 'pass',
  'alliance.form': 'form a player alliance',
  'alliance.break': 'break an alliance',
  'endgame.start': 'start the end game',
  setup: 'set up the game',
  'clock.expired': 'end the game when time is up',
  banker: 'choose who takes over the war chest',
};

/** The engine's legal actions in words, one per type ("nothing" when there are none). */
export function legalWords(legal: readonly LegalAction[]): string {
  const types = [...new Set(legal.map((a) => a.type))];
  return types.length ? types.map((t) => LEGAL_WORDS[t] ?? t).join(', ') : 'nothing';
}

/** Where the table is: the battle's stage on the console and who the computer plays. */
export interface TableMoment {
  stage: BattleStage;
  computer(name: string): boolean;
  /** The attacker of the battle the game waits for (both weapons chosen), or null. */
  attacker: string | null;
  /** While the console waits for ENTER: who presses it (enterPresser's words), else null. */
  enterBy: string | null;
}

/**
 * "Legal now" at a table: during a battle on the console nothing is recorded by hand, so the stage says
 * what is possible; otherwise the engine's list, with a battle to program instead of one to record and
 * the computer's seats said apart (a person does not choose for them).
 */
export function tableLegalNow(legal: readonly LegalAction[], m: TableMoment): string {
  switch (m.stage) {
    case 'programming':
      return 'nothing by hand: the companion types the battle into the console';
    case 'enter':
      return `nothing to record by hand: ${m.enterBy ?? 'a player'} presses ENTER to start the battle on the console`;
    case 'fighting':
      return 'nothing to record by hand: the battle is fought on the console and its result read from the machine';
    case 'confirm':
      return 'confirm the battle’s result beside the console (this cartridge’s result cannot be read)';
    case 'readout':
      return 'stop the WAR GAME readout on the console with SPACE';
    case 'result':
      // The war goes on: its next weapons come after the result screen (rule 12E: SPACE returns to the entry).
      if (legal.some((a) => a.type === 'weapon'))
        return 'go on from the result on the console (SPACE there, or “Next battle”); then the next battle’s weapons are chosen';
      break;
    case 'ready':
      break;
  }
  return readyWords(legal, m);
}

function readyWords(legal: readonly LegalAction[], m: TableMoment): string {
  const parts: string[] = [];
  const computers = new Set<string>();
  for (const type of [...new Set(legal.map((a) => a.type))]) {
    const of = legal.filter((a) => a.type === type);
    if (type === 'battle') {
      // Not typed in at a table: the battle waiting is programmed on the console.
      if (m.attacker && m.computer(m.attacker)) computers.add(m.attacker);
      else parts.push('program the battle on the console');
      continue;
    }
    const names = [...new Set(of.map((a) => a.player).filter((p): p is string => p !== null))];
    const people = names.filter((n) => !m.computer(n));
    for (const n of names) if (m.computer(n)) computers.add(n);
    const words = LEGAL_WORDS[type] ?? type;
    if (names.length === 0) parts.push(words);
    else if (people.length) parts.push(`${words} (${people.join(', ')})`);
  }
  if (computers.size) parts.push(`the computer plays ${[...computers].join(' and ')} by itself`);
  return parts.length ? parts.join('; ') : 'nothing';
}

/** Who presses ENTER for a battle waiting on the console, in words with the reason, and whether the computer does. */
export interface EnterPresser {
  /** The person named, or null when the computer presses it. */
  person: string | null;
  words: string;
}

/**
 * The person who should press ENTER: the attacker (rule 11D: with three or more players, a player not in the
 * war, a person among them if there is one); a computer attacker's table presses it by itself.
 */
export function enterPresser(
  attacker: string,
  defender: string,
  seated: readonly string[],
  computer: (name: string) => boolean,
): EnterPresser {
  if (computer(attacker)) return { person: null, words: `the computer (for ${attacker}, the attacker)` };
  if (seated.length > 2) {
    const others = seated.filter((n) => n !== attacker && n !== defender && !computer(n));
    if (others.length)
      return {
        person: others[0],
        words: `${others.join(' or ')} (not in this war, rule 11D)`,
      };
  }
  return { person: attacker, words: `${attacker} (the attacker)` };
}

/**
 * Why a person's click may not make `event`: a seat the computer plays makes its own moves. Forming an
 * alliance is any of its players' proposal (event-seats.ts), so one with a person in it is theirs to make.
 */
export function computerSeatRefusal(event: GameEvent, computer: (name: string) => boolean): string | null {
  const seats = eventSeats(event) ?? [];
  const theirs = seats.filter(computer);
  if (theirs.length === 0) return null;
  if (event.type === 'alliance.form' && theirs.length < seats.length) return null;
  const name = theirs[0];
  return `${name} is played by the computer, which makes ${name}'s moves; to play them yourself, choose “a person” for ${name} under “Computer players”`;
}

/** Why a battle's weapons cannot change: it is on the console (programmed, waiting for ENTER, or fought). */
export const WEAPONS_FIXED =
  "The weapons are fixed while their battle is on the console; the next battle's weapons are chosen after its result";

/**
 * Why a person's click at a table may not make `event`: a weapon while its battle is on the console, or a
 * move for a seat the computer plays (computerSeatRefusal). Null when the rules engine may judge it.
 */
export function tableMoveRefusal(
  event: GameEvent,
  battleOnConsole: boolean,
  computer: (name: string) => boolean,
): string | null {
  if (event.type === 'weapon' && battleOnConsole) return WEAPONS_FIXED;
  return computerSeatRefusal(event, computer);
}
