/**
 * What a machine's network battle calls carry (the remote table): the options a battle starts with,
 * the confirmed frames a spectator runs, and a battle's figures. The browser's worker answers these
 * calls (src/worker/host-net-api.ts); board/table/ reaches them through its ports, so Node tests can
 * answer them with a machine of their own.
 */
import type { KeyTimesFigures } from './key-times.ts';

/** Confirmed frames of a battle: `pairs` from frame `from` on, each left | right << 5. */
export interface WatchFrames {
  epoch: number;
  from: number;
  pairs: number[];
  /** The first frame whose state hashes the two players' machines disagreed on, once one did (a battle between two guests: the host repairs it). */
  desync?: number;
}

export interface NetStartOptions {
  state?: Uint8Array;
  side: 0 | 1;
  delay: number;
  /** Which start of the battle this is (0; 1, 2… after each repair of a desync). */
  epoch?: number;
  /**
   * Milliseconds the host's machine holds the battle's first frame (0 to 1000; about half the round trip): the
   * guest's machine starts when the start message reaches it, a one-way trip later, so a host that ran at once
   * would be that far ahead and yield those frames one at a time during the fight (time-sync.ts), a hitch each.
   */
  holdMs?: number;
}

export interface NetplayStats {
  frame: number;
  confirmed: number;
  rollbacks: number;
  /** The deepest rollback and the median one, in frames. */
  maxDepth: number;
  medianDepth: number;
  /** How many rollbacks were of each depth (index: frames run again): the bench's percentiles over several battles. */
  depthCounts: number[];
  /** The input delay this battle runs with, in frames. */
  delay: number;
  rerunMs: number;
  /** The first frame both sides' state hashes differed in, or null. */
  desync: number | null;
  /** Messages from the other browser that failed their check (dropped). */
  refused: number;
  /** Display frames this side yielded to let the other catch up (time sync), and how far ahead it runs now, in frames. */
  yields: number;
  ahead: number;
  /** The round trip a stick takes to the other side and its word back, measured in the battle (ms), or null before it is known. */
  rttMs: number | null;
  /**
   * The last stick changes read here and the other side's changes first run with here, [frame, epoch ms]
   * (key-times.ts): the netplay browser bench matches them across two pages for key → other machine.
   */
  keyTimes: KeyTimesFigures;
}
