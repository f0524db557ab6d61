/** Where the remote table's signalling server answers, shared by the server (Node) and the page's PeerJS client. */
export const RELAY_PATH = '/o2relay';
/** PeerJS's key: the same on both sides. */
export const RELAY_KEY = 'o2conquest';
