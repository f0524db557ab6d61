/**
 * Alliances proposed across browsers at a remote table (rule 18: an alliance is formed by every player
 * in it). At a real table the players agree aloud; across browsers each browser holding one of its
 * seats forms the same alliance to agree, and the last agreement makes it. A guest holding one seat can
 * no longer ally another player who never agreed. Proposals last until the game takes a step.
 */
import { seatKey } from './event-seats.ts';

export class AllianceProposals {
  /** The players' keys (sorted) -> the holders who agreed so far. */
  private readonly agreed = new Map<string, Set<string>>();

  /**
   * `holder` forms the alliance of `players` (`holderOf` says who holds each seat). Null when every
   * holder of its seats has now agreed (it is made); else who it still waits for.
   */
  agree(
    holder: string,
    players: readonly string[],
    holderOf: (player: string) => string,
  ): { holders: string[]; players: string[] } | null {
    const holders = [...new Set(players.map(holderOf))];
    if (holders.length <= 1) return null;
    const key = players.map(seatKey).sort().join('\u0000');
    const agreed = this.agreed.get(key) ?? new Set<string>();
    agreed.add(holder);
    this.agreed.set(key, agreed);
    const waiting = holders.filter((h) => !agreed.has(h));
    if (!waiting.length) {
      this.agreed.delete(key);
      return null;
    }
    return { holders: waiting, players: players.filter((p) => waiting.includes(holderOf(p))) };
  }

  /**
   * As `agree`, in words: null when the alliance is made, else the sentence for the holder who proposed
   * it; every holder it waits for is told (`tell`) how to agree.
   */
  propose(
    holder: string,
    players: readonly string[],
    holderOf: (player: string) => string,
    tell: (holder: string, text: string) => void,
  ): string | null {
    const waiting = this.agree(holder, players, holderOf);
    if (!waiting) return null;
    const all = players.join(', ');
    for (const h of waiting.holders)
      tell(h, `An alliance of ${all} is proposed: form the same alliance to agree (rule 18).`);
    const whose = waiting.players;
    return `Proposed: the alliance of ${all} is formed once ${whose.join(' and ')} ${whose.length > 1 ? 'form' : 'forms'} it too (rule 18).`;
  }

  /** The game took a step: what was proposed before it is proposed no more. */
  clear(): void {
    this.agreed.clear();
  }

  /** The alliances waiting for agreement, as the players' keys. */
  list(): string[][] {
    return [...this.agreed.keys()].map((k) => k.split('\u0000'));
  }
}
