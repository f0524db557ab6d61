/** The remote table in the browser (issue 21): connections, the host's and a guest's sessions. */
export { NetHost, inputDelay } from './net-host.ts';
export type { NetHostDeps } from './net-host.ts';
export { NetGuest, GUEST_NAME } from './net-guest.ts';
export type { GuestLine, NetGuestDeps } from './net-guest.ts';
export { newCode, readCode, RELAY_URL, ICE_SERVERS, CODE_LENGTH } from './peer-link.ts';
export { checkIceServers, checkRelayUrl, netSettingsText, saveNetSettings } from './net-settings.ts';
