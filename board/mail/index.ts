/** Play by mail (issue 21): turns chained by their hashes, sent as files or links (see board/README.md). */
export type { BotBattle, MailChain, StandingOrders, Turn, TurnBody } from './turn.ts';
export { TURN_FORMAT, TURN_VERSION } from './turn.ts';
export { canonical, sha256Hex, startHash, turnHash } from './hash.ts';
export {
  decodeTurnText,
  deflateRaw,
  encodeTurnText,
  inflateRaw,
  fromBase64Url,
  toBase64Url,
  MAX_TURN_BYTES,
  MAX_TURN_CHARS,
  TURN_TAG,
} from './codec.ts';
export { checkTurnShape, eventsProblem, ordersProblem, MAX_TURN_EVENTS } from './schema.ts';
export {
  deserializeMailGame,
  keysProblem,
  newMailGame,
  seatOf,
  serializeMailGame,
  MAIL_FORMAT,
  MAIL_VERSION,
} from './mail-game.ts';
export type { MailGame } from './mail-game.ts';
export { applyTurnEvents, openTurn } from './open.ts';
export type { OpenOptions, Opened } from './open.ts';
export { sendTurn } from './send.ts';
export { mailReadout, readoutDue } from './readout.ts';
export { revealDue } from './draw.ts';
export type { Draw } from './turn.ts';
export { isPublicKey, keyPair, publicKeyOf, signHash, verifyHash, KEY_FILE_FORMAT, PUBLIC_KEY_TAG } from './keys.ts';
export type { KeyPair } from './keys.ts';
export { keyFileText, readKeyFileText, MAX_KEY_FILE_CHARS } from './key-file.ts';
export type { KeyFile, ReadKey } from './key-file.ts';
export type { SendOptions, Sent } from './send.ts';
export type { AbsentBattle, AbsentBattlePort } from './standing.ts';
