/**
 * The bot as its weapon tactics (tank.ts, sub.ts, jet.ts and the routes in moves.ts) see it: what it
 * perceives, its level's traits, its scratch memory, and the output it builds for the frame.
 * BattleBot (bot.ts) is the one implementation; the tactics import this file, not bot.ts, so bot.ts
 * can call them without an import circle. The fields are described on BattleBot.
 */
import type { Prng } from './prng.ts';
import type { MailboxSide } from './mailbox-sides.ts';

export interface LevelTraits {
  /** Frames between something happening and the bot acting on it. */
  delay: number;
  /**
   * Most pixels added to the hit reach when judging a shot (a careless aim fires more misses). Each
   * shot draws its own slack from 0 to this, so a miss is not repeated for ever at a still target.
   */
  aimSlack: number;
  /** Chance a frame that the bot steps out of an incoming projectile's way. */
  dodge: number;
  /** Frames between route plans (and between a missile's course corrections). */
  rethink: number;
  /** Leads a moving target (aims where it will be). */
  lead: boolean;
  /** Chance a frame that the bot takes a shot it judges good (a slow trigger finger). */
  fireChance: number;
  /** Frames of straight flight a jet wants clear of trees and mountains on a new heading (slow hands need room; 0: none). */
  room: number;
}

export interface Pilot {
  readonly traits: LevelTraits;
  readonly rng: Prng;
  readonly me: MailboxSide;
  readonly enemy: MailboxSide;
  lastSeenX: number;
  lastSeenY: number;
  seenDx: number;
  seenDy: number;
  layout: number;
  clock: number;
  slack: number;
  dir: number;
  press: boolean;
  hold: boolean;
  goalCol: number;
  goalRow: number;
  planAt: number;
  stillFrames: number;
  escapeFrames: number;
  escapeDir: number;
  course: number;
  readonly dist: Int16Array;
  readonly queue: Int16Array;
  readonly missileDist: Int16Array;
  readonly impatient: boolean;
  takesShot(boost?: number): boolean;
  targetX(frames: number): number;
  targetY(frames: number): number;
}
