/**
 * Whether a guest may take a seat at a remote table (issue 34: seats that belong to someone): a seat
 * of this game, not another guest's, not a computer's at the host, not one the host keeps for its own
 * keyboard, and not one fighting the battle under way. Each refusal is a sentence for the guest.
 */
import { seatKey } from './event-seats.ts';

export interface ClaimFacts {
  players: readonly string[];
  /** Who holds a seat: 'host' or a guest's id. */
  holder(player: string): string;
  guestName(id: string): string | undefined;
  computer(player: string): boolean;
  kept(player: string): boolean;
  busy(player: string): string | null;
}

/** The seat's name as the game spells it (take it), 'already' (it is the guest's), or the refusal. */
export function claimVerdict(
  guest: string,
  player: string,
  f: ClaimFacts,
): { take: string } | { already: true } | { refused: string } {
  const real = f.players.find((p) => seatKey(p) === seatKey(player));
  if (!real) {
    const yet = f.players.length ? '' : ' yet (the host sets the game up first)';
    return { refused: `There is no seat for "${player.slice(0, 64)}" in this game${yet}.` };
  }
  const holder = f.holder(real);
  if (holder === guest) return { already: true };
  if (holder !== 'host')
    return { refused: `${real}'s seat is already held by ${f.guestName(holder) ?? 'another guest'}.` };
  if (f.computer(real))
    return {
      refused: `${real}'s seat is played by the computer at the host; the host makes it a person's seat first.`,
    };
  if (f.kept(real)) return { refused: `${real}'s seat is kept by the host: ${real} plays at the host's keyboard.` };
  const busy = f.busy(real);
  return busy ? { refused: busy } : { take: real };
}
