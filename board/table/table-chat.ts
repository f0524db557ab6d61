/**
 * The remote table's chat line (issue 34): people who are not in one room need a word now and then
 * ("my turn?", "brb"). A line is short text with what could hide or reorder it taken out (the guests'
 * names' rule, board/model/names.ts), each speaker may say a few lines in a burst and one more every
 * couple of seconds, and the host keeps the last lines so a guest who joins or reloads reads them too.
 * The host's browser numbers every line; a guest shows each number once.
 */
import { visibleName } from '../model/names.ts';

/** Characters a line may keep (after cleaning); a longer one is refused, not cut. */
export const MAX_CHAT_TEXT = 200;
/** Lines the host keeps and sends a guest as it joins. */
export const CHAT_KEPT = 30;
/** Lines a speaker may say at once, and how often one more is earned. */
export const CHAT_BURST = 5;
export const CHAT_EVERY_MS = 2000;

export interface ChatLine {
  /** The host's number for the line (1, 2, …): a guest shows each once. */
  n: number;
  /** Who said it: the guest's name at the table, or "The host". */
  from: string;
  text: string;
}

/** A line as typed, cleaned, or a sentence saying why it is not a line. */
export function chatText(v: unknown): { ok: true; text: string } | { ok: false; error: string } {
  if (typeof v !== 'string') return { ok: false, error: 'a chat line is text' };
  // A raw line far over the limit is refused before any cleaning work.
  if (v.length > MAX_CHAT_TEXT * 4) return { ok: false, error: `a chat line is at most ${MAX_CHAT_TEXT} characters` };
  const text = visibleName(v);
  if (text.length === 0) return { ok: false, error: 'a chat line says something' };
  if (text.length > MAX_CHAT_TEXT) return { ok: false, error: `a chat line is at most ${MAX_CHAT_TEXT} characters` };
  return { ok: true, text };
}

interface Allowance {
  tokens: number;
  at: number;
}

/** The host's chat: the lines kept, and each speaker's allowance. */
export class TableChat {
  private readonly kept: ChatLine[] = [];
  private readonly allowance = new Map<string, Allowance>();
  private next = 1;

  /** The lines kept, oldest first. */
  lines(): readonly ChatLine[] {
    return this.kept;
  }

  /**
   * `speaker` (a guest's id, or the host's) says `text` as `from`: the new line, or a sentence saying why
   * not (bad text, or too many lines too fast). Nothing is kept when refused.
   */
  say(speaker: string, from: string, text: unknown, now: number): ChatLine | string {
    const checked = chatText(text);
    if (!checked.ok) return `Not said: ${checked.error}.`;
    const a = this.allowance.get(speaker) ?? { tokens: CHAT_BURST, at: now };
    a.tokens = Math.min(CHAT_BURST, a.tokens + Math.max(0, now - a.at) / CHAT_EVERY_MS);
    a.at = now;
    if (a.tokens < 1) {
      this.allowance.set(speaker, a);
      return `Not said: at most ${CHAT_BURST} lines at once, then one every ${CHAT_EVERY_MS / 1000} seconds.`;
    }
    a.tokens -= 1;
    this.allowance.set(speaker, a);
    const line: ChatLine = { n: this.next++, from: visibleName(from).slice(0, 40) || 'A guest', text: checked.text };
    this.kept.push(line);
    if (this.kept.length > CHAT_KEPT) this.kept.shift();
    return line;
  }

  /** A speaker left for good: its allowance goes with it. */
  forget(speaker: string): void {
    this.allowance.delete(speaker);
  }
}
