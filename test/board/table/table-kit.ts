/** The remote table's host over a real game, for the tests of the remote table's host. */
import { applyEvent, parseHostMessage, serializeGame, TableHost } from '../../../board/index.ts';
import type { GameEvent, GameState, HostMessage, TableSeating } from '../../../board/index.ts';
import { checkBattleMessage } from '../../../rom-core/netplay/index.ts';
import { P, play } from '../helpers.ts';

export const TOKEN_A = 'aaaaaaaaaaaaaaaaaaaa';
export const TOKEN_B = 'bbbbbbbbbbbbbbbbbbbb';

/** A host over a real game (Ann, Bob, Cy seated) with its messages kept per connection. */
export function table(kept?: TableSeating, start?: GameState) {
  // Set up, every player still to call a number (rule 2), unless the test starts elsewhere.
  let state: GameState = start ?? play([{ type: 'setup', players: ['Ann', 'Bob', 'Cy'].map(P) }]);
  const sent = new Map<string, HostMessage[]>();
  const acted: GameEvent[] = [];
  let keptSeating: TableSeating | undefined;
  let clock = 0;
  const dropped: string[] = [];
  const busy = new Set<string>();
  const host = new TableHost(
    {
      busySeat: (p) => (busy.has(p) ? `${p}'s seat fights the battle now` : null),
      send: (c, m) => {
        // What goes out passes the guest's own check.
        const back = parseHostMessage(JSON.stringify(m), checkBattleMessage);
        if (!back.ok) throw new Error(back.error);
        sent.set(c, [...(sent.get(c) ?? []), m]);
      },
      players: () => state.players.map((p) => p.name),
      computer: (p) => p === 'Cy',
      act: (e) => {
        acted.push(e);
        const r = applyEvent(state, e);
        if (!r.ok) return `rule ${r.refusal.rule}: ${r.refusal.reason}`;
        state = r.state;
        return null;
      },
      game: () => serializeGame(state),
      checkBattle: checkBattleMessage,
      keep: (seating) => {
        keptSeating = seating;
      },
      drop: (c) => dropped.push(c),
      now: () => clock,
    },
    kept,
  );
  const last = (c: string) => sent.get(c)?.at(-1);
  const say = (c: string, m: unknown) => host.receive(c, JSON.stringify(m));
  return {
    host,
    sent,
    dropped,
    /** Seats fighting the battle under way (they do not change hands). */
    busy,
    acted,
    last,
    say,
    get state() {
      return state;
    },
    /** What the host's page would keep for its reload, as JSON gives it back. */
    get kept(): unknown {
      return JSON.parse(JSON.stringify(keptSeating ?? null));
    },
    tick: (ms: number) => {
      clock += ms;
    },
  };
}
