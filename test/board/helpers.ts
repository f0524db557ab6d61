import { createActor } from 'xstate';
import type { GameEvent, GameState, SaveStore, Scenario, TableClock, TableMoves } from '../../board/index.ts';
import {
  GameSession,
  encodeEnvelope,
  memoryStore,
  sessionDocument,
  applyEvent,
  battleChartOf,
  newGame,
  readoutChartOf,
  tableGameMachine,
  world1982,
  checkInvariants,
} from '../../board/index.ts';
import { SteppedConsole } from '../../rom-core/roms/carts/stepped-console.ts';
import type { SteppedConsoleOptions } from '../../rom-core/roms/carts/stepped-console.ts';
import { battleCart, openBios } from '../rom-core/roms/carts/scenarios.ts';
import { TINY_HOMES, TINY_SCENARIO } from '../harness/tiny-game.ts';
import { bootMachine } from '../harness/boot.ts';

/** Apply events in order; a refusal fails loudly with its rule, and every state is checked. */
export function play(events: GameEvent[], from?: GameState, scenario?: Scenario): GameState {
  let s = from ?? newGame(scenario ?? world1982());
  for (const e of events) {
    const r = applyEvent(s, e);
    if (!r.ok) throw new Error(`${e.type} refused by rule ${r.refusal.rule}: ${r.refusal.reason}`);
    const broken = checkInvariants(r.state);
    if (broken.length) throw new Error(`after ${e.type}: ${broken.join('; ')}`);
    s = r.state;
  }
  return s;
}

/** The refusal an event gets in a state (fails the test when it is accepted). */
export function refusal(s: GameState, e: GameEvent): { rule: string; reason: string } {
  const r = applyEvent(s, e);
  if (r.ok) throw new Error(`${e.type} was accepted, a refusal was expected`);
  return r.refusal;
}

export const P = (name: string) => ({ name, color: `${name}-colour` });

export const rec = (s: GameState, name: string) => s.players.find((p) => p.name === name)!.recordHalves / 2;
export const chips = (s: GameState, name: string) => {
  const c = s.players.find((p) => p.name === name)!.chips;
  return c[1000] * 1000 + c[500] * 500 + c[100] * 100;
};

/** Seat players (in this clockwise order) and make `first` the first player. */
export function seated(
  names: string[],
  first = names[0],
  extra: Partial<Extract<GameEvent, { type: 'setup' }>> = {},
  scenario?: Scenario,
): GameState {
  const digits = new Map<string, number>();
  let d = 0;
  for (const n of names) digits.set(n, n === first ? 9 : d++);
  return play(
    [
      { type: 'setup', players: names.map(P), ...extra },
      ...names.map((n) => ({ type: 'first.call' as const, player: n, digit: digits.get(n)! })),
      { type: 'first.readout', digit: 9 },
    ],
    undefined,
    scenario,
  );
}

/**
 * Ann (United States), Bob (West Germany), Cy (Japan), seated Ann, Bob, Cy; Ann first so Cy opens play.
 * Home alliances as given (default none).
 */
export function threeOpening(home: Record<string, string[]> = {}): GameState {
  const s = seated(['Ann', 'Bob', 'Cy'], 'Ann');
  return play(
    [
      { type: 'homeland', player: 'Ann', country: 'United States' },
      { type: 'homeland', player: 'Bob', country: 'West Germany' },
      { type: 'homeland', player: 'Cy', country: 'Japan' },
      { type: 'ally.home', player: 'Ann', countries: home.Ann ?? [] },
      { type: 'ally.home', player: 'Bob', countries: home.Bob ?? [] },
      { type: 'ally.home', player: 'Cy', countries: home.Cy ?? [] },
    ],
    s,
  );
}

const W = ['tank', 'sub', 'plane'];

/** A war of `n` battles ending as given; weapons chosen from what is still allowed. */
export function fight(
  attacker: string,
  defender: string,
  battles: (GameEvent & { type: 'battle' })[],
  weapons: [string, string][] = [],
): GameEvent[] {
  const out: GameEvent[] = [];
  battles.forEach((b, i) => {
    const [wa, wd] = weapons[i] ?? [W[i], W[i]];
    out.push({ type: 'weapon', player: attacker, weapon: wa as 'tank' });
    out.push({ type: 'weapon', player: defender, weapon: wd as 'tank' });
    out.push(b);
  });
  return out;
}

export const win = (side: 'attacker' | 'defender', a: number, d: number): GameEvent & { type: 'battle' } => ({
  type: 'battle',
  winner: side,
  energy: { attacker: a, defender: d },
});
export const tie = (a: number, d: number): GameEvent & { type: 'battle' } => ({
  type: 'battle',
  winner: 'both-destroyed',
  energy: { attacker: a, defender: d },
});

/** A tiny board for fast games: two zones, five countries (test/harness/tiny-game.ts). */
export const tinyScenario: Scenario = TINY_SCENARIO;

/** Our battle cartridge on our BIOS, stepped in Node: the console the battle bridge drives in tests. */
export function machineConsole(options: SteppedConsoleOptions = {}, cart: Uint8Array = battleCart()): SteppedConsole {
  return new SteppedConsole(bootMachine(openBios(), cart), options);
}

/**
 * Rule 19's homeland conquest with Bob as the banker: Cy takes Italy, Spain, Iraq and Iran, then Bob's
 * homeland West Germany, and Bob (who keeps the war chest) is out of the game. Cy's turn follows.
 */
export function bankerOutGame(): GameState {
  let s = play(
    [
      { type: 'homeland', player: 'Ann', country: 'United States' },
      { type: 'homeland', player: 'Bob', country: 'West Germany' },
      { type: 'homeland', player: 'Cy', country: 'Japan' },
      { type: 'ally.home', player: 'Ann', countries: [] },
      { type: 'ally.home', player: 'Bob', countries: ['Greece'] },
      { type: 'ally.home', player: 'Cy', countries: ['Taiwan', 'South Korea'] },
    ],
    seated(['Ann', 'Bob', 'Cy'], 'Ann', { banker: 'Bob' }),
  );
  for (const [c, d] of [
    ['Italy', 'Ann'],
    ['Spain', 'Bob'],
    ['Iraq', 'Ann'],
    ['Iran', 'Bob'],
  ] as const) {
    s = play(
      [
        { type: 'attack', player: 'Cy', country: c },
        ...fight('Cy', d, [win('attacker', 2500, 2500), win('attacker', 2500, 2500)]),
      ],
      s,
    );
  }
  return play(
    [
      { type: 'attack', player: 'Cy', country: 'West Germany' },
      ...fight('Cy', 'Bob', [win('attacker', 2500, 2500), win('attacker', 2500, 2000)]),
    ],
    s,
  );
}

/** Ann and Bob on the tiny board; Ann attacks B1 (Bob's home-zone ally): the war the battle tests fight. */
export function warOnB1() {
  return play(
    [...TINY_HOMES, { type: 'pass', player: 'Bob' }, { type: 'attack', player: 'Ann', country: 'B1' }],
    seated(['Ann', 'Bob'], 'Ann', {}, tinyScenario),
    tinyScenario,
  );
}

/**
 * A game as a table plays it (`tableGameMachine`: its battle and readout charts wait for the table), seen
 * through the table's port; `send` and `actor` for what a test does to the game itself.
 */
export function tableGame(state: GameState) {
  const actor = createActor(tableGameMachine, { input: { state } }).start();
  const game: TableMoves & { send: typeof actor.send; actor: typeof actor } = {
    elsewhere: false,
    battleChart: () => battleChartOf(actor),
    readoutChart: () => readoutChartOf(actor),
    gameState: () => actor.getSnapshot().context.state,
    subscribe: (fn) => {
      const sub = actor.subscribe(fn);
      return () => sub.unsubscribe();
    },
    act: (event) => {
      const before = actor.getSnapshot().context.state;
      actor.send(event);
      return actor.getSnapshot().context.state !== before;
    },
    send: (e) => actor.send(e),
    actor,
  };
  return game;
}

/** Lets a console run (it yields between chunks of frames) until `done` holds; bounded by turns, not time. */
export async function until(done: () => boolean, what: string, turns = 10_000): Promise<void> {
  for (let turn = 0; turn < turns; turn++) {
    if (done()) return;
    await new Promise((r) => setTimeout(r, 0));
  }
  throw new Error(`never saw ${what}`);
}

/**
 * The game session a table's page keeps (board/table/game-session.ts) at `state`, autosaving into
 * `store`: what the browser's board runs, with its guard, its moves for guests and its saves.
 */
export function tableSession(state: GameState, store: SaveStore = memoryStore(), clock?: TableClock): GameSession {
  const session = new GameSession(store, { table: true, clock });
  if (!session.importText(encodeEnvelope({ engine: sessionDocument(state) }), 'the test')) {
    throw new Error(`the test's game did not load: ${JSON.stringify(session.snapshot().notice)}`);
  }
  return session;
}
