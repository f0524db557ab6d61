/**
 * The host's side of the remote table's panel in small pieces (issue 21, 34): the last battle's figures,
 * alliances waiting for agreement, "Keep it here", the guests with their lines and "Remove", and the offer
 * of an away guest's seat to the computer.
 */
import { el } from '../platform/dom.ts';
import type { NetHost } from '../net/index.ts';
import type { DuelFigures, RelayFigures } from '../../board/index.ts';
import { AWAY_OFFER_MS, awayOfferWords } from '../../board/index.ts';

/** How long a guest is away before its seats are offered: ?awayOfferMs=MS shortens it (tests, a table in a hurry). */
export function awayOfferMs(): number {
  const ms = Number(new URLSearchParams(location.search).get('awayOfferMs'));
  return Number.isInteger(ms) && ms >= 1000 && ms <= 600_000 ? ms : AWAY_OFFER_MS;
}

/**
 * What the host is offered for a seat whose guest has been away a while: how long, the computer to play it,
 * and when the seat fights the battle the table is at, that it waits meanwhile (waiting needs no button);
 * `again` (the battle under way is this seat's) drops it on every machine to fight it again from its start.
 */
export function awayOffer(
  away: { player: string; awayMs: number; stalled?: boolean },
  give: () => void,
  fights: boolean,
  again: (() => void) | null,
): (Node | string)[] {
  const take = el(
    'button',
    { type: 'button', 'data-computer-seat': away.player, title: `The computer plays ${away.player} from now on, here` },
    `The computer plays ${away.player}`,
  );
  take.addEventListener('click', give);
  const offer = [el('span', { class: 'tb-away', text: awayOfferWords(away.awayMs, fights, away.stalled) }), ' ', take];
  if (!again) return offer;
  const fight = el(
    'button',
    {
      type: 'button',
      'data-fight-again': away.player,
      title: `Nothing of this battle is recorded; it is programmed again once ${away.player} is back`,
    },
    'Fight this battle again',
  );
  fight.addEventListener('click', again);
  return [...offer, ' ', fight];
}

/** The last network battle in a sentence: how long, how often the machine went back, whether both sides agreed. */
export function netFigures(s: DuelFigures): string {
  const agreed =
    s.repairs > 0
      ? `the machines went apart (first at frame ${s.firstDesync}) and were put back in step from this browser's state ${s.repairs === 1 ? 'once' : `${s.repairs} times`}`
      : s.desync === null
        ? 'both machines agreed at every check'
        : `the machines disagreed from frame ${s.desync} (this browser's result counts)`;
  const trip = s.rttMs === null ? '' : `, round trip ${s.rttMs} ms as the battle measured it`;
  const synced = s.yields > 0 ? `, ${s.yields} frame${s.yields === 1 ? '' : 's'} yielded to keep in time` : '';
  return `Last battle with a guest: ${s.frame} frames, input delay ${s.delay}${trip}, ${s.rollbacks} rollbacks (deepest ${s.maxDepth} frames, median ${s.medianDepth})${synced}, ${s.refused} messages refused; ${agreed}.`;
}

/** The last battle between two guests: whether their machines agreed, or were put back in step from here. */
export function relayFigures(r: RelayFigures): string {
  const agreed =
    r.repairs > 0
      ? `their machines went apart (first at frame ${r.firstDesync}) and were put back in step from this browser's state ${r.repairs === 1 ? 'once' : `${r.repairs} times`}`
      : 'their machines agreed at every check';
  return `Last battle between two guests: input delay ${r.delay}; ${agreed}.`;
}

/**
 * Alliances proposed across browsers that wait for every holder of their seats (rule 18): the host sees
 * what is pending, and forms the same alliance on the board to agree for the seats played here.
 */
export function proposals(host: NetHost): HTMLElement[] {
  const pending = host.table.proposed();
  if (pending.length === 0) return [];
  return [
    el(
      'p',
      { class: 'tb-hint', id: 'table-alliances-proposed' },
      `Alliances proposed and waiting for agreement (rule 18): ${pending.map((p) => p.join(' + ')).join('; ')}. Each is formed once every holder of its seats forms it.`,
    ),
  ];
}

/** A seat played here: kept for this keyboard (no guest may take it), or open to guests. */
export function keepButton(host: NetHost, player: string): HTMLElement {
  const kept = host.table.isKept(player);
  const button = el(
    'button',
    { type: 'button', 'data-keep': player, 'aria-pressed': String(kept) },
    kept ? 'Kept here (open it to guests)' : 'Keep it here',
  );
  button.title = kept
    ? `No guest may take ${player}'s seat; press to let one take it.`
    : `${player} plays at this keyboard: no guest may take the seat.`;
  button.addEventListener('click', () => host.table.keep(player, !kept));
  return button;
}

/** The guests and each one's line, then a button per guest that removes it for good (a stranger, one filling the table). */
export function guestList(host: NetHost): HTMLElement[] {
  const guests = host.guests();
  if (!guests.length)
    return [el('p', { class: 'tb-hint', id: 'table-guests' }, 'No guest yet: send them the code or the link.')];
  const removes = guests.map((g) => {
    const remove = el(
      'button',
      { type: 'button', 'data-remove': g.id, title: `${g.name} leaves this table for good` },
      `Remove ${g.name}`,
    );
    remove.addEventListener('click', () => host.table.remove(g.id));
    return remove;
  });
  return [
    el(
      'p',
      { class: 'tb-hint', id: 'table-guests' },
      `Guests: ${guests.map((g) => `${g.name}${g.online ? (g.rttMs === null ? '' : ` (${g.rttMs} ms)`) : ' (away)'}`).join(', ')}`,
    ),
    el('p', { class: 'tb-hint', id: 'table-guest-remove' }, ...removes),
  ];
}
