import type { GameEvent } from '../model/events.ts';
import { nameKey } from '../model/names.ts';

/**
 * Whose seat a board move is made from, at a table where each browser holds some seats (issue 21).
 * A move that names its player is that player's; forming an alliance is the move of every player in it
 * (any one of them may propose it at this table, as at a real one). The rest are the table's own steps,
 * made only where the game is kept (the host's browser): the setup, the readout, a battle's result read
 * from the machine, the end game's start, the clock and the banker's hand-over.
 */
export function eventSeats(event: GameEvent): string[] | null {
  switch (event.type) {
    case 'first.call':
    case 'homeland':
    case 'ally.home':
    case 'ally.buy':
    case 'attack':
    case 'weapon':
    case 'pass':
    case 'alliance.break':
      return [event.player];
    case 'alliance.form':
      return [...event.players];
    default:
      return null;
  }
}

/**
 * Why `holder` may not make `event`, or null when it may. `seatHolder` says who holds a seat (a
 * player's name); `holder` is the browser asking.
 */
export function seatRefusal(
  event: GameEvent,
  holder: string,
  seatHolder: (player: string) => string,
  holderName = 'this browser',
): string | null {
  const seats = eventSeats(event);
  if (seats === null) return `only the host's browser makes the table's own steps (${event.type})`;
  if (seats.length === 0) return `${event.type} names no player`;
  const mine = seats.filter((p) => seatHolder(p) === holder);
  if (event.type === 'alliance.form') {
    return mine.length > 0 ? null : `${holderName} holds none of the seats in this alliance (${seats.join(', ')})`;
  }
  return mine.length === seats.length ? null : `${seats[0]}'s seat is not held by ${holderName}`;
}

/** Seats compared the way the rules compare names (case, spaces and letter forms aside). */
export const seatKey = nameKey;
