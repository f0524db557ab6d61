/** The board companion's public API (see board/README.md). */
export { gameMachine, battleMachine } from './machines/game-machine.ts';
export { HISTORY_LIMIT } from './machines/game-steps.ts';
export { battleActor, noBattle, noReadout } from './machines/battle-actor.ts';
export {
  battleChart,
  runBattle,
  chartStage,
  chartError,
  programBattle,
  BATTLE_STAGES,
  BUSY_STAGES,
} from './machines/battle-chart.ts';
export type {
  BattleStage,
  BattleChartActor,
  BattleChartEvent,
  BattleChartInput,
  RunBattleOptions,
} from './machines/battle-chart.ts';
export { readoutChart, runReadout } from './machines/readout-chart.ts';
export type { ReadoutChartActor, ReadoutChartEvent } from './machines/readout-chart.ts';
export type { BattleInput } from './machines/battle-actor.ts';
export type { GameContext, GameInput, MachineEvent, ControlEvent } from './machines/game-context.ts';
export { turnStateOf, TURN_STATES } from './machines/turn-states.ts';
export type { TurnState } from './machines/turn-states.ts';
export { applyEvent } from './rules/apply.ts';
export { newGame, DEFAULT_CHIPS } from './rules/setup.ts';
export { legalActions } from './rules/legal.ts';
export type { LegalAction } from './rules/legal.ts';
export { publicState } from './rules/public-state.ts';
export type { PublicState } from './rules/public-state.ts';
export { serializeGame, deserializeGame, gameDocument, readGameDocument } from './rules/snapshot.ts';
export type { GameDocument } from './rules/snapshot.ts';
export { checkInvariants } from './rules/invariants.ts';
export { sessionStepsProblem } from './rules/validate-save.ts';
export { formatRefusal } from './rules/refuse.ts';
export { roundToHundred, halvesFor, planPayment } from './rules/chips.ts';
export { world1982 } from './scenarios/world.ts';
export { parseScenario, serializeScenario, validateScenario, ScenarioError } from './scenarios/validate.ts';
export {
  setCountryValue,
  moveCountry,
  addZone,
  renameZone,
  renameScenario,
  addCountry,
  removeCountry,
  renameCountry,
} from './scenarios/edit.ts';
export { BattleCancelledError, pendingBattle, battleEvent, battleId } from './ports/battle-port.ts';
export type { BattlePort, BattleRequest, BattleOutcome, Programmed, StagedBattlePort } from './ports/battle-port.ts';
export * from './table/index.ts';
export type { BattleRecord, GameState, Phase, RecordPoint, WarSummary, Weapon } from './model/game.ts';
export type { GameEvent, GameEventType, Refusal } from './model/events.ts';
export type { Scenario } from './model/scenario.ts';
export type { Chips, ChipTransfer } from './model/chips.ts';
export { ComputerPlayers, LEVELS, isLevel, playComputerGame, ModelBattlePort, decide } from './ai/index.ts';
export type { ComputerMove, ComputerSeat, NextMoveOptions, Level, ComputerGameOptions } from './ai/index.ts';
export {
  resolveBattle,
  programFor,
  ResolveError,
  PRESETS,
  PRESET_TITLES,
  UMPIRE_DEFAULTS,
  parseTable,
  serializeTable,
  tableErrors,
} from './resolver/index.ts';
export type { BattleSetup, CombatTable, PresetName, Resolution } from './resolver/index.ts';
export {
  openTurn,
  sendTurn,
  newMailGame,
  serializeMailGame,
  deserializeMailGame,
  seatOf,
  applyTurnEvents,
  mailReadout,
  readoutDue,
  revealDue,
  isPublicKey,
  keyPair,
  keysProblem,
  publicKeyOf,
  signHash,
  verifyHash,
  KEY_FILE_FORMAT,
  PUBLIC_KEY_TAG,
  keyFileText,
  readKeyFileText,
  MAX_KEY_FILE_CHARS,
  decodeTurnText,
  deflateRaw,
  encodeTurnText,
  fromBase64Url,
  inflateRaw,
  toBase64Url,
  checkTurnShape,
  eventsProblem,
  ordersProblem,
  canonical,
  sha256Hex,
  startHash,
  turnHash,
  MAX_TURN_BYTES,
  MAX_TURN_CHARS,
  MAX_TURN_EVENTS,
  TURN_TAG,
  TURN_FORMAT,
  TURN_VERSION,
  MAIL_FORMAT,
  MAIL_VERSION,
} from './mail/index.ts';
export type {
  AbsentBattle,
  AbsentBattlePort,
  BotBattle,
  MailChain,
  KeyFile,
  KeyPair,
  MailGame,
  ReadKey,
  OpenOptions,
  Opened,
  SendOptions,
  Sent,
  StandingOrders,
  Turn,
  TurnBody,
} from './mail/index.ts';
