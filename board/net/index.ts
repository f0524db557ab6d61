/** The remote table (issue 21): seats held by browsers, the host's authority, the messages they exchange. */
export { eventSeats, seatRefusal } from './event-seats.ts';
export { TableHost, HOST, MISSED_PINGS } from './table-host.ts';
export { FLOOD_BURST, FLOOD_PER_SECOND } from './flood-guard.ts';
export type { TableHostPorts } from './table-host.ts';
export { checkSeating } from './table-seating.ts';
export type { TableSeating } from './table-seating.ts';
export {
  parseGuestMessage,
  parseHostMessage,
  MAX_GUEST_MESSAGE,
  MAX_HOST_MESSAGE,
  MAX_GUESTS,
  MAX_GUEST_NAME,
} from './table-messages.ts';
export type {
  GuestMessage,
  HostMessage,
  SeatHolder,
  GuestInfo,
  BattleStart,
  BattleCheck,
  WatchMessage,
} from './table-messages.ts';
