/** The remote table in the browser (issue 21): PeerJS connections, and the host's and a guest's sessions (board/table) wired to them. */
export { openNetHost, inputDelay } from './net-host.ts';
export type { NetHost, NetHostDeps } from './net-host.ts';
export { netGuest, GUEST_NAME } from './net-guest.ts';
export type { NetGuest, NetGuestDeps } from './net-guest.ts';
export { newCode, readCode, RELAY_URL, ICE_SERVERS, CODE_LENGTH } from './peer-link.ts';
export { checkIceServers, checkRelayUrl, INPUT_DELAY, netSettingsText, saveNetSettings } from './net-settings.ts';
