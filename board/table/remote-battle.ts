/**
 * A battle of a remote table as the host runs it (issue 21): who fights it where, which start of it the
 * machines count frames from, and what a spectator who joins late is sent. The host's session
 * (remote-host.ts) keeps one while the battle runs.
 */
import type { RelayWitness } from './relay-witness.ts';
import { HOST } from './table-host.ts';
import type { Seating } from './machine-battle-port.ts';
import type { TableBattle } from './table-battle.ts';
import type { NetplayStats } from '../../rom-core/netplay/index.ts';
import type { Stored, TableStorage } from './ports.ts';
import type { GuestInfo } from './table-messages.ts';

/**
 * Frames between reading a stick and the frame it acts in, from the round trip to the guest: on a
 * line where the other side's stick arrives within a frame or two, 1 frame keeps the controls
 * sharp; longer lines take 2 or 3 so fewer frames are run again (GGPO's trade).
 */
/** The last network battle's figures (frames, rollbacks, desync), for the host's panel, and its repairs. */
export type DuelFigures = NetplayStats & { repairs: number; firstDesync: number | null; delay: number };
/** The last battle between two guests (their machines' figures stay with them): its input delay and repairs. */
export interface RelayFigures {
  delay: number;
  repairs: number;
  firstDesync: number | null;
}

/**
 * How long the host's machine holds a duel's first frame (NetStartOptions.holdMs): half the round trip, the way
 * the start message takes to the guest, so both machines begin together. At most 250 ms: a round trip from the
 * table's pings passes both pages' main threads and can read long.
 */
export function startHold(rttMs: number | null): number {
  return rttMs === null ? 0 : Math.min(250, Math.max(0, Math.round(rttMs / 2)));
}

/**
 * The input delay (frames) for a round trip. From 150 ms on, a frame per 50 ms of round trip begun (about
 * the one-way time's frames, less the prediction window's room): the rollbacks then stay inside the
 * window (rom-core's PREDICTION_WINDOW, 8) on the line it is chosen for, where a shorter delay made the
 * machines stall at the window (`npm run bench -- netplay-browser`, a 150 ms line measured as 164: delay 3
 * stalled 33 display frames in 30 s). Unknown: 2. A player may set it (0-8) instead.
 */
export function inputDelay(rttMs: number | null): number {
  if (rttMs === null) return 2;
  return rttMs < 50 ? 1 : rttMs < 150 ? 2 : Math.min(8, Math.ceil(rttMs / 50));
}

export interface RemoteBattle {
  /**
   * 'duel': the host holds one side, `guest` the other; 'relay': two guests fight it (`guest` the left
   * side, which reports the confirmed frames, `other` the right), the host passes their messages on and
   * its machine runs the reported frames for the result; 'solo': one guest holds both seats and fights
   * it on its own machine, reporting every frame as a relay's left side does.
   */
  kind: 'duel' | 'relay' | 'solo';
  battle: string;
  guest: string;
  other: string | null;
  entered: boolean;
  started: boolean;
  /** The host's side, and the start of the battle the machines count frames from (one more after each repair). */
  side: 0 | 1;
  epoch: number;
  /** Desyncs repaired so far, and the first frame of the first one. */
  repairs: number;
  firstDesync: number | null;
  /** A repair is under way (the machines start again): what comes meanwhile does not start another. */
  repairing: boolean;
  /** The input delay the battle runs with (from the round trip when it began). */
  delay: number;
  /**
   * The machine's state this epoch started from (base64url) and every stick pair confirmed since, for
   * a spectator who joins while the battle runs: it is sent both and catches up.
   */
  state: string;
  pairs: number[];
  /** A relay's witness at the host: the reported frames run only as both guests' own sticks say (this epoch's). */
  witness?: RelayWitness | null;
  /** Dropped to be fought again from its start (a fighter's browser went away): its figures say nothing. */
  dropped?: boolean;
}

/** A fighter of a battle whose seat a guest holds while its browser is away, with the guest's name. */
export interface AwayFighter {
  player: string;
  name: string;
  /** Its guest's browser still answers but stopped reporting the battle (report-stall.ts), not away. */
  stalled?: boolean;
}

/**
 * The fighters of a battle (`players`: its attacker and defender) whose guest's browser is away now (the
 * host's guest list, which every guest is sent too): the battle waits for them, under way (the machines
 * stall at the prediction window) or to be programmed. `holder` names who holds a seat (HOST or a guest's id).
 */
export function awayFighters(
  players: readonly string[],
  holder: (player: string) => string | undefined,
  guests: readonly GuestInfo[],
): AwayFighter[] {
  return players.flatMap((player) => {
    const g = guests.find((x) => x.id === holder(player));
    return g && !g.online ? [{ player, name: g.name }] : [];
  });
}

/**
 * How this battle is fought across browsers: a duel with one guest (one seat at the host, one there), a
 * relay between two guests, solo at the one guest holding both seats (two people at its keyboard), or
 * null (both seats at the host: fought on its machine as at a table with one keyboard). `holder` names
 * who holds a seat (HOST or a guest's id), `rtt` a guest's round trip.
 */
export function planBattle(
  id: string,
  seating: Seating,
  holder: (player: string) => string,
  rtt: (guest: string) => number | null,
  /** The input delay the host's player set, or null: from the round trip. */
  fixed: number | null = null,
): RemoteBattle | null {
  const delayOf = (rttMs: number | null): number => fixed ?? inputDelay(rttMs);
  const red = holder(seating.red);
  const blue = holder(seating.blue);
  const base = {
    battle: id,
    entered: false,
    started: false,
    epoch: 0,
    repairs: 0,
    firstDesync: null,
    repairing: false,
    state: '',
    pairs: [],
  };
  if (red === HOST && blue !== HOST)
    return { ...base, kind: 'duel', guest: blue, other: null, side: 0, delay: delayOf(rtt(blue)) };
  if (blue === HOST && red !== HOST)
    return { ...base, kind: 'duel', guest: red, other: null, side: 1, delay: delayOf(rtt(red)) };
  if (red !== HOST && red === blue) return { ...base, kind: 'solo', guest: red, other: null, side: 0, delay: 0 };
  if (red !== HOST && blue !== HOST) {
    // Their messages go through the host: the line between them is both round trips.
    const a = rtt(red);
    const b = rtt(blue);
    return {
      ...base,
      kind: 'relay',
      guest: red,
      other: blue,
      side: 0,
      delay: delayOf(a === null || b === null ? null : a + b),
    };
  }
  return null;
}

/** Stick pairs a watch message carries at most (board/table's check). */
const WATCH_CHUNK = 4096;

/** The starts of `b` (from its `state`) for its fighters' machines: each guest's side, and which one reports the frames. */
export function fighterStarts(b: RemoteBattle): [guest: string, text: string][] {
  const { battle, state, delay, epoch } = b;
  const start = (side: 0 | 1, report: boolean): string =>
    JSON.stringify({ t: 'battle-start', battle, state, side, delay, epoch, report });
  if (b.kind === 'duel') return [[b.guest, start(b.side === 0 ? 1 : 0, false)]];
  if (b.kind === 'solo') return [[b.guest, JSON.stringify({ t: 'solo-start', battle, state, epoch })]];
  return [[b.guest, start(0, true)], ...(b.other ? [[b.other, start(1, false)] as [string, string]] : [])];
}

/**
 * What a spectator's machine is sent of `b`: its start from this epoch's state, then every frame confirmed
 * so far (none yet at the start; a guest who joins while it runs catches up).
 */
export function catchUp(b: RemoteBattle): string[] {
  const texts = [JSON.stringify({ t: 'watch-start', battle: b.battle, state: b.state, epoch: b.epoch })];
  for (let from = 0; from < b.pairs.length; from += WATCH_CHUNK) {
    const pairs = b.pairs.slice(from, from + WATCH_CHUNK);
    texts.push(JSON.stringify({ t: 'watch', battle: b.battle, epoch: b.epoch, from, pairs }));
  }
  return texts;
}

/** Keeps a battle's confirmed frames in order (a late spectator is sent them all); a gap or another epoch is not kept. */
export function keepPairs(b: RemoteBattle, frames: { epoch: number; from: number; pairs: number[] }): void {
  if (frames.epoch !== b.epoch || frames.from > b.pairs.length) return;
  for (let i = b.pairs.length - frames.from; i < frames.pairs.length; i++) b.pairs.push(frames.pairs[i]);
}

/**
 * Whether the host's table programs the battle it waits for itself now: both weapons chosen, the table
 * ready, and a guest holds one of its seats. Its players are at their own keyboards, and nobody at the
 * host's should have to start it for them (a computer attacker programs its own, as at any table).
 */
export function programsForGuests(
  battle: TableBattle,
  computer: (player: string) => boolean,
  holder: (player: string) => string,
): boolean {
  const request = battle.waiting;
  if (!request || battle.busy) return false;
  if (battle.state.stage !== 'ready' && battle.state.stage !== 'result') return false;
  const attacker = request.attacker.player;
  if (computer(attacker)) return false;
  return holder(attacker) !== HOST || holder(request.defender.player) !== HOST;
}

/** Why `player`'s seat cannot change hands now: it fights the battle under way (it may once it is over). */
export function busySeat(battle: TableBattle, player: string): string | null {
  const request = battle.state.request;
  if (!battle.busy || !request) return null;
  if (request.attacker.player !== player && request.defender.player !== player) return null;
  return `${player}'s seat fights the battle on the console now; it changes hands once the battle is over.`;
}

/**
 * A battle's last epoch, kept across the host's reload: a battle taken up again from the machine's autosave
 * starts past every epoch its guests' machines ran, so no message of theirs from before counts.
 */
export class KeptEpochs {
  private readonly kept: Stored<{ battle: string; epoch: number } | null>;

  constructor(storage: TableStorage) {
    this.kept = storage.slot('o2conquest.net.battleEpoch', null, keptEpoch);
  }

  /** The epoch battle `id` starts at: past the one kept for it, else 0. */
  next(id: string): number {
    const kept = this.kept.get();
    return kept?.battle === id ? kept.epoch + 1 : 0;
  }

  keep(battle: string, epoch: number): void {
    this.kept.set({ battle, epoch });
  }
}

/** A kept battle epoch, or undefined when the stored value is none (a damaged one is dropped). */
function keptEpoch(v: unknown): { battle: string; epoch: number } | null | undefined {
  if (v === null) return null;
  const o = v as { battle?: unknown; epoch?: unknown } | undefined;
  if (typeof o?.battle !== 'string' || !Number.isInteger(o.epoch) || (o.epoch as number) < 0) return undefined;
  // The machine takes epochs up to 1000 (src/worker/net-seat.ts): a battle started that often begins again at 0.
  return { battle: o.battle, epoch: (o.epoch as number) >= 999 ? -1 : (o.epoch as number) };
}
