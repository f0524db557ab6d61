/**
 * The evening at a table, headless: the console as the battle chart's staged port, the battle as the table
 * runs it, the game's chart at a table, and the ports the page's world is reached through.
 */
export { readoutActor } from './battle-actor.ts';
export { tableGameMachine, battleChartOf, readoutChartOf } from './table-game.ts';
export { MachineBattlePort, WEAPON_WORDS, outcomeProblem } from './machine-battle-port.ts';
export { botBattlesPort } from './bot-battles-port.ts';
export type { BotMachine } from './bot-battles-port.ts';
export type {
  ConfirmRequest,
  ControlSide,
  MachineBattlePortOptions,
  MachineBattleResult,
  ProgrammedBattle,
  Seating,
} from './machine-battle-port.ts';
export type { BattleConsole } from './battle-console.ts';
export { awayOfferWords, battleWaitsWords, describeBattle } from './battle-words.ts';
export { screenEnergies, screenNote, SCREEN_MAX } from './screen-energy.ts';
export { TableBattle } from './table-battle.ts';
export type { TableBattleState, TableBattleOptions } from './table-battle.ts';
export { memoryStorage, realClock } from './ports.ts';
export type { MachineControls, Stored, TableClock, TableGame, TableMoves, TableStorage } from './ports.ts';
export { TableComputers, COMPUTER_PAUSE_MS } from './table-computers.ts';
export type { Seats, TableComputersOptions } from './table-computers.ts';
export {
  LEGAL_WORDS,
  WEAPONS_FIXED,
  legalWords,
  tableLegalNow,
  enterPresser,
  computerSeatRefusal,
  tableMoveRefusal,
} from './table-moment.ts';
export type { TableMoment, EnterPresser } from './table-moment.ts';
export { turnBannerWords } from './turn-banner.ts';
export type { BannerMoment, BannerSide, BannerWords } from './turn-banner.ts';
export { every } from './ports.ts';
export type {
  GuestConnection,
  GuestJoin,
  GuestSession,
  HostLinkPort,
  HostSession,
  Lane,
  NetConsole,
  NetMachine,
  TableNotice,
} from './ports.ts';
export { RemoteHost, PING_MS } from './remote-host.ts';
export { REPORT_STALL_MS, ReportStall, withStalled } from './report-stall.ts';
export type { StalledSeat } from './report-stall.ts';
export type { DuelFigures, RelayFigures } from './remote-battle.ts';
export type { RemoteHostDeps } from './host-table.ts';
export { RemoteGuest, RETRY_MS, HOST_SILENT_MS } from './remote-guest.ts';
export type { GuestLineState, RemoteGuestDeps } from './remote-guest.ts';
export { awayFighters, inputDelay, planBattle } from './remote-battle.ts';
export type { AwayFighter, RemoteBattle } from './remote-battle.ts';
export { GameSession, refusalFromText } from './game-session.ts';
export type { GameSessionOptions, GameSnapshot } from './game-session.ts';
export { LOAD_TIMEOUT_MS, SAVE_TIMEOUT_MS } from './game-autosave.ts';
export { GameChart, newGameChart, restoreGameChart, sessionDocument, SAVED_UNDO } from './game-chart.ts';
export type { SessionDocument, StepListener } from './game-chart.ts';
export { toView } from './game-view.ts';
export type { Notice, SendResult, ViewState, ViewZone } from './game-view.ts';
export {
  encodeEnvelope,
  parseEnvelope,
  validateEnvelope,
  SaveFormatError,
  SAVE_FORMAT,
  SAVE_VERSION,
} from './save-envelope.ts';
export type { SaveEnvelope } from './save-envelope.ts';
export { memoryStore, memoryText, StorageFullError } from './ports.ts';
export type { CutOffSave, SaveStore } from './ports.ts';
export { MailSession } from './mail-session.ts';
export type { Said } from './mail-session.ts';
export { MailJournal, sameGame } from './mail-journal.ts';
export { loadMail, saveMail } from './mail-store.ts';
export type { MailRecord } from './mail-store.ts';
export { botLevel, botWeaponsDue, sendWithStanding, splitStanding } from './mail-standing.ts';
export type { StandingSend } from './mail-standing.ts';
export {
  EXPORT_WARNING,
  ensureKey,
  exportKey,
  importKey,
  loadKeys,
  playersHeld,
  privateKeyFor,
  saveKeys,
} from './mail-keys.ts';
export type { BrowserKey, KeyRing } from './mail-keys.ts';
export { MAX_GAME_CHARS, TURN_KEY, linkedTurn, readPasted, turnLink } from './mail-text.ts';
export type { Pasted } from './mail-text.ts';
export type { TextStorage } from './ports.ts';
// The remote table's rules of the house: seats held by browsers, the host's authority, the messages and their checks.
export { eventSeats, seatRefusal } from './event-seats.ts';
export { TableHost, HOST, AWAY_OFFER_MS, MISSED_PINGS, TRIPS_KEPT } from './table-host.ts';
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
export { chatText, MAX_CHAT_TEXT, CHAT_BURST, CHAT_EVERY_MS, CHAT_KEPT } from './table-chat.ts';
export type { ChatLine } from './table-chat.ts';
export { TableCues } from './table-cues.ts';
export type { TableCue } from './table-cues.ts';
