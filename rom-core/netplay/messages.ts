/**
 * What two sides of a network battle send each other, and the one check every message passes before
 * anything reads it: a message from the network is anybody's bytes. A message that fails is dropped
 * with a sentence saying why, and changes nothing.
 */
import { MAX_ADVANTAGE } from './time-sync.ts';

/** A side's sticks from frame `from` on, what it has of the other side's, and its state hashes. */
export interface BattleMessage {
  t: 'battle';
  /** The sender's sticks for frames from, from + 1, … (UP 1, RIGHT 2, DOWN 4, LEFT 8, FIRE 16). */
  from: number;
  sticks: number[];
  /** The sender has every stick of the receiver below this frame. */
  ack: number;
  /** The sender's state hash before each of these frames (RollbackMachine.takeHashes). */
  hashes: { frame: number; hash: number }[];
  /**
   * Which start of the battle the frames count from (0, then 1, 2… each time the host restarts both
   * machines from its state after a desync): a message of another start is not this one's.
   */
  epoch: number;
  /**
   * The frame the sender is at, and its advantage there (its frame past the receiver's last frame heard;
   * null before it heard any): the time sync's (time-sync.ts).
   */
  frame: number;
  adv: number | null;
}

/** Sticks in one message at most: more than the prediction window could ever leave unacknowledged. */
export const MAX_STICKS = 128;
/** Hashes in one message at most. */
export const MAX_HASHES = 8;
/** Frames a session may last (over a day at 60 Hz): anything above is not a frame of ours. */
export const MAX_FRAME = 2 ** 23;
/** Bytes of JSON a message may take (checked before it is parsed). */
export const MAX_MESSAGE_BYTES = 4096;

export type Checked<T> = { ok: true; message: T } | { ok: false; error: string };

const frameOk = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_FRAME;

/** Checks a battle message received as JSON text. */
export function parseBattleMessage(text: string): Checked<BattleMessage> {
  if (typeof text !== 'string') return { ok: false, error: 'a battle message is JSON text' };
  if (text.length > MAX_MESSAGE_BYTES)
    return {
      ok: false,
      error: `a battle message of ${text.length} characters is over the ${MAX_MESSAGE_BYTES} allowed`,
    };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, error: 'a battle message that is not JSON' };
  }
  return checkBattleMessage(v);
}

export function checkBattleMessage(v: unknown): Checked<BattleMessage> {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return { ok: false, error: 'a battle message is an object' };
  const m = v as Record<string, unknown>;
  if (m.t !== 'battle') return { ok: false, error: `not a battle message (its "t" is ${JSON.stringify(m.t)})` };
  if (!frameOk(m.from)) return { ok: false, error: `"from" must be a frame number from 0 to ${MAX_FRAME}` };
  if (!frameOk(m.ack)) return { ok: false, error: `"ack" must be a frame number from 0 to ${MAX_FRAME}` };
  if (!Array.isArray(m.sticks) || m.sticks.length > MAX_STICKS)
    return { ok: false, error: `"sticks" must be a list of at most ${MAX_STICKS} sticks` };
  if (!m.sticks.every((s) => Number.isInteger(s) && s >= 0 && s <= 0x1f))
    return { ok: false, error: '"sticks" holds something that is not a stick (a whole number 0-31)' };
  const epoch = m.epoch;
  if (!Number.isInteger(epoch) || (epoch as number) < 0 || (epoch as number) > 1000)
    return { ok: false, error: '"epoch" must be a whole number from 0 to 1000' };
  if (!frameOk(m.frame)) return { ok: false, error: `"frame" must be a frame number from 0 to ${MAX_FRAME}` };
  if (m.adv !== null && (!Number.isInteger(m.adv) || Math.abs(m.adv as number) > MAX_ADVANTAGE))
    return { ok: false, error: `"adv" must be null or a whole number from -${MAX_ADVANTAGE} to ${MAX_ADVANTAGE}` };
  if (!Array.isArray(m.hashes) || m.hashes.length > MAX_HASHES)
    return { ok: false, error: `"hashes" must be a list of at most ${MAX_HASHES}` };
  for (const h of m.hashes as unknown[]) {
    const e = h as Record<string, unknown> | null;
    if (
      typeof e !== 'object' ||
      e === null ||
      !frameOk(e.frame) ||
      !Number.isInteger(e.hash) ||
      (e.hash as number) < 0 ||
      (e.hash as number) > 0xffff_ffff
    ) {
      return { ok: false, error: '"hashes" holds something that is not { frame, hash } (a 32-bit hash)' };
    }
  }
  // Only the fields read, copied: nothing else the sender put in travels further.
  return {
    ok: true,
    message: {
      t: 'battle',
      from: m.from,
      ack: m.ack,
      sticks: [...(m.sticks as number[])],
      hashes: (m.hashes as { frame: number; hash: number }[]).map((h) => ({ frame: h.frame, hash: h.hash })),
      epoch: epoch as number,
      frame: m.frame,
      adv: m.adv as number | null,
    },
  };
}
