/**
 * A game by mail at this table, without its DOM (mail-panel.ts draws it): the game kept in this
 * browser, the moves since the last turn (MailJournal, fed by the engine's steps), and what the
 * panel's buttons do, each answered with a sentence. A turn or game is taken only when board/mail
 * accepts it and both the board and this browser's storage take it; otherwise nothing changes.
 */
import { deserializeMailGame, keysProblem, newMailGame, openTurn, revealDue } from '../mail/index.ts';
import { sessionDocument } from './game-chart.ts';
import { encodeEnvelope } from './save-envelope.ts';
import type { GameSession } from './game-session.ts';
import type { GameState } from '../model/game.ts';
import type { Level } from '../ai/index.ts';
import type { AbsentBattlePort, MailGame, StandingOrders } from '../mail/index.ts';
import { MailJournal } from './mail-journal.ts';
import { MAX_GAME_CHARS, readPasted } from './mail-text.ts';
import { loadMail, saveMail } from './mail-store.ts';
import type { MailRecord } from './mail-store.ts';
import type { TextStorage } from './ports.ts';
import { botLevel, botWeaponsDue, sendWithStanding } from './mail-standing.ts';
import {
  EXPORT_WARNING,
  ensureKey,
  exportKey,
  importKey,
  loadKeys,
  playersHeld,
  privateKeyFor,
  saveKeys,
} from './mail-keys.ts';
import type { BrowserKey } from './mail-keys.ts';

export interface Said {
  text: string;
  kind: 'info' | 'error';
}

const info = (text: string): Said => ({ text, kind: 'info' });
const error = (text: string): Said => ({ text, kind: 'error' });
const moves = (n: number): string => `${n} move${n === 1 ? '' : 's'}`;

/** What became of a turn's `n` battles fought by the battle bots alone, `refought` of them fought again here. */
function botBattlesWords(n: number, refought: number): string {
  if (n === 0) return '';
  const battles = `${n} battle${n === 1 ? '' : 's'}`;
  if (refought === n) return ` Its ${battles} fought by the battle bots alone ended the same when fought again here.`;
  return ` Its ${battles} fought by the battle bots alone ${n === 1 ? 'was' : 'were'} taken as sent: there is no machine here to fight ${n === 1 ? 'it' : 'them'} again on.`;
}

export class MailSession {
  record: MailRecord | null = null;
  private journal: MailJournal | null = null;
  /** Why the game kept in this browser (or its keys) was not loaded, or null. */
  readonly loadProblem: string | null = null;
  /** This browser's key pairs for signed games (mail-keys.ts). */
  keys: BrowserKey[];
  private readonly off: () => void;

  constructor(
    private readonly controller: GameSession,
    /** Where the game and the keys are kept (the browser's localStorage; undefined: nothing is kept). */
    private readonly storage: TextStorage | undefined,
    /**
     * A new machine for each turn opened, on which its battles fought by the battle bots alone are
     * fought again (bot-battles.ts in board/mail), as the command line's "board mail open" starts one;
     * without it they are checked and taken as sent, and the sentence says so.
     */
    private readonly refights?: () => AbsentBattlePort,
  ) {
    const ring = loadKeys(storage);
    this.keys = ring.keys;
    const kept = loadMail(storage);
    let problem: string | null = null;
    if (typeof kept === 'string') problem = `${kept}; it was not loaded.`;
    else if (kept) {
      // Damaged moves or orders are not dropped without a word (issue 37).
      if (kept.damaged) problem = `${kept.damaged}.`;
      this.take(kept, new MailJournal(kept.game.state, kept.events));
    }
    this.loadProblem = [problem, ring.problem].filter((p) => p !== null).join(' ') || null;
    this.off = controller.onStep((e, before, after) => {
      if (!this.record || !this.journal?.step(e, before, after)) return;
      this.record = { ...this.record, events: this.journal.events };
      saveMail(this.record, this.storage);
    });
  }

  private take(record: MailRecord | null, journal: MailJournal | null): void {
    this.record = record;
    this.journal = journal;
  }

  /** Moves since the last turn, or null when the board is at a game they do not reach. */
  moves(): number | null {
    const now = this.controller.gameState();
    return (now && this.journal?.eventsTo(now)?.length) ?? null;
  }

  /** The level of `name`'s battle bot when they are away with standing orders "bot", else null. */
  standIn(name: string): Level | null {
    return this.record ? botLevel(this.record.game, this.record.me, name) : null;
  }

  /**
   * Whether `name` plays this game by mail at a table of their own (every player but `me`): nobody here
   * stops a readout or starts the end game for them, so a table of computers and such players does it.
   */
  elsewhere(name: string): boolean {
    return this.record !== null && name !== this.record.me;
  }

  /**
   * Shows `game` on the board as a game of its own (no undo back past a turn) and keeps it here, the
   * moves since the last turn starting from it; the sentence when the board or the storage refuses
   * (the board then shows what it showed before).
   */
  private keep(game: MailGame, me: string, patch: Partial<MailRecord>, source: string): string | null {
    const record: MailRecord = {
      game,
      me,
      orders: this.record?.orders ?? game.orders[me],
      events: [],
      sent: this.record?.sent ?? null,
      ...patch,
    };
    const c = this.controller;
    const before = c.exportText();
    if (!c.importText(encodeEnvelope({ engine: sessionDocument(game.state), clockStartedAt: null }), source))
      return 'the board did not take the game (its notice says why)';
    const shown: GameState = c.gameState() ?? game.state;
    const bad = saveMail(record, this.storage);
    if (bad) {
      c.importText(before, 'the game as it was');
      return `the game by mail could not be kept: ${bad}`;
    }
    this.take(record, new MailJournal(shown));
    return null;
  }

  /** This browser's own public key (made and kept on first use): what the player gives whoever starts a game. */
  async myKey(): Promise<string> {
    this.keys = await ensureKey({ keys: this.keys, problem: null }, this.storage);
    return this.keys[0].publicKey;
  }

  /**
   * Starts a signed game by mail on the board's game: `keys` is every player's public key, `me`'s one
   * held here (it signs this browser's turns). Without keys nobody could tell a forged turn (issue 37).
   */
  async start(me: string, keys: Record<string, string>): Promise<Said> {
    const state = this.controller.gameState();
    if (!state || state.phase === 'setup') return error('Seat the players on the board first.');
    const missing = state.players.filter((p) => !keys[p.name]?.trim()).map((p) => p.name);
    if (missing.length > 0)
      return error(
        `The game by mail was not started: every player's public key is needed (${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} none yet); ask each player for the public key their panel or "board mail key" shows.`,
      );
    const given = Object.fromEntries(state.players.map((p) => [p.name, keys[p.name].trim()]));
    const badKeys = keysProblem(given, state);
    if (badKeys) return error(`The game by mail was not started: ${badKeys}.`);
    if (!this.keys.some((k) => k.publicKey === given[me]))
      return error(
        `The game by mail was not started: ${me}'s public key is not one this browser holds the private key of, so it could not sign ${me}'s turns (use your own key, or import ${me}'s key file).`,
      );
    const game = await newMailGame(state, undefined, given);
    const bad = this.keep(game, me, { orders: game.orders[me], sent: null }, 'the game by mail');
    if (bad) return error(`The game by mail was not started: ${bad}.`);
    return info(
      `Game ${game.id.slice(0, 8)} is played by mail; you are ${me}. Send the game to the other players ("Download the game"), then play and send your turn.`,
    );
  }

  async send(): Promise<Said> {
    const r = this.record;
    const now = this.controller.gameState();
    if (!r || !now || !this.journal) return error('There is no game by mail here to send a turn of.');
    const events = this.journal.eventsTo(now);
    if (events === null)
      return error(
        `The board is not at this game by mail: its moves since turn ${r.game.chain.number} are not known here. Open the last turn again, or undo back to it; nothing was sent.`,
      );
    // A turn with no move still carries the player's secret for the first-player readout when it is due.
    const reveal = revealDue(r.game, r.me);
    if (events.length === 0 && !reveal && JSON.stringify(r.orders) === JSON.stringify(r.game.orders[r.me]))
      return error(
        'You have made no move since the last turn and your standing orders are as they were: there is nothing to send.',
      );
    const signing = this.signingKey(r);
    if (signing.error) return error(`Your turn was not sent: ${signing.error}.`);
    const made = await sendWithStanding(r.game, r.me, events, r.orders, signing.key);
    if (!made.ok) return error(`Your turn was not sent: ${made.error}.`);
    const { game, turn, text } = made.sent;
    const bad = this.keep(game, r.me, { sent: { number: turn.number, text } }, `turn ${turn.number}`);
    if (bad) return error(`Your turn was not sent: ${bad}.`);
    const secret = turn.draw?.reveal === undefined ? '' : ', with your secret for the first-player readout';
    return info(
      `Turn ${turn.number} is made (${moves(turn.events.length)}${secret}): send its file or its link to the other players.`,
    );
  }

  /** A pasted or dropped text: a turn (its text or link) or a game by mail (its JSON). */
  async open(text: string): Promise<Said> {
    if (text.trim() === '') return error("Paste a turn's link or text first.");
    if (text.length > MAX_GAME_CHARS)
      return error(`This text is ${text.length} characters long, far more than any turn or game; it was not read.`);
    const pasted = readPasted(text);
    if (pasted.kind === 'turn') return this.openTurn(pasted.text);
    if (this.record)
      return error(
        `A game by mail is kept here already (game ${this.record.game.id.slice(0, 8)}, at turn ${this.record.game.chain.number}); leave it first to open another. Nothing was changed.`,
      );
    const loaded = deserializeMailGame(pasted.text);
    if (!loaded.ok) return error(`The game by mail was not opened: ${loaded.error}.`);
    const g = loaded.game;
    // In a signed game, the player whose key is held here; else the one who did not start it, most likely ("I am" changes it).
    const me = playersHeld(this.keys, g)[0] ?? g.state.players[g.state.players.length > 1 ? 1 : 0].name;
    const bad = this.keep(g, me, { orders: g.orders[me], sent: null }, 'the game by mail');
    if (bad) return error(`The game by mail was not opened: ${bad}.`);
    return info(
      `Game ${g.id.slice(0, 8)} by mail opened at turn ${g.chain.number}; you are ${me} (change "I am" if you are not).` +
        signedWords(g, this.keys, me),
    );
  }

  async openTurn(text: string): Promise<Said> {
    const r = this.record;
    if (!r)
      return error(
        'This is a turn of a game by mail, but no game by mail is kept in this browser: open the game first (the file "Download the game" makes).',
      );
    const opened = await openTurn(text, r.game, this.refights ? { refight: this.refights() } : {});
    if (!opened.ok) return error(`The turn was not opened: ${opened.error}. Nothing was changed.`);
    const unsent = this.moves() ?? 0;
    const t = opened.turn;
    const bad = this.keep(opened.game, r.me, {}, `turn ${t.number} from ${t.player}`);
    if (bad) return error(`The turn was not opened: ${bad}. Nothing was changed.`);
    const how = opened.signed ? `, signed by ${t.player}` : ' (an unsigned game: nothing shows who made it)';
    return info(
      `Turn ${t.number} from ${t.player} opened${how}: ${moves(t.events.length)}; the game is at turn ${t.number}.` +
        botBattlesWords(t.botBattles?.length ?? 0, opened.refought) +
        (unsent ? ` Your ${moves(unsent)} not sent were set aside.` : ''),
    );
  }

  setMe(me: string): Said {
    if (!this.record) return error('There is no game by mail here.');
    this.record = { ...this.record, me, orders: this.record.game.orders[me] };
    saveMail(this.record, this.storage);
    return info(`You are ${me} in this game by mail.`);
  }

  setOrders(orders: StandingOrders): Said {
    if (!this.record) return error('There is no game by mail here.');
    this.record = { ...this.record, orders };
    saveMail(this.record, this.storage);
    return info(
      orders.absent === 'wait'
        ? 'Your standing orders, sent with your next turn: a battle against you waits until you are both online.'
        : `Your standing orders, sent with your next turn: while you are away the battle bot (${orders.level}) chooses your weapons and fights your battles on the machine.`,
    );
  }

  leave(): Said {
    const bad = saveMail(null, this.storage);
    if (bad) return error(`The game by mail was not left: ${bad}.`);
    this.take(null, null);
    return info('This browser no longer keeps the game by mail; the board keeps the game as it is.');
  }

  /**
   * During a war with an away "bot" player, their next weapon is chosen on the board as their standing
   * orders choose it in sendTurn (the same seed: the turn sent holds the same one); their battles wait
   * on the board to be fought on the console, their control held by their bot (standIn). Null: nothing done.
   */
  async standing(): Promise<Said | null> {
    const r = this.record;
    const c = this.controller;
    const now = c.gameState();
    const events = now && this.journal?.eventsTo(now);
    if (!r || !now || !events) return null;
    const key = privateKeyFor(this.keys, r.game, r.me) ?? undefined;
    const todo = await botWeaponsDue(r.game, r.me, r.orders, now, events, c.pendingBattle() !== null, key);
    if (c.gameState() !== now || this.record !== r) return null;
    let said: Said | null = null;
    for (const e of todo) {
      if (!c.act(e)) return error(`${e.player}'s standing orders chose ${e.weapon}, and the board refused it.`);
      said = info(
        `${e.player} is away: their battle bot (${botLevel(r.game, r.me, e.player)}) chose ${e.weapon}, and holds their control in the battle.`,
      );
    }
    return said;
  }

  /** The private key `r.me`'s turns are signed with (none in an unsigned game), or why there is none here. */
  private signingKey(r: MailRecord): { key?: string; error?: string } {
    if (!r.game.keys) return {};
    const key = privateKeyFor(this.keys, r.game, r.me);
    if (key !== null) return { key };
    return {
      error: `this game is signed, and this browser does not hold ${r.me}'s private key: change "I am", or import ${r.me}'s key file ("Import a key file")`,
    };
  }

  /** A key file's text (from "board mail key" or another browser) added to this browser's keys. */
  async importKey(text: string): Promise<Said> {
    const read = await importKey(this.keys, text);
    if (!read.ok) return error(`The key was not imported: ${read.error}. Nothing was changed.`);
    const bad = saveKeys(read.keys, this.storage);
    if (bad) return error(`The key was not imported: ${bad}. Nothing was changed.`);
    this.keys = read.keys;
    const r = this.record;
    const whose = r ? Object.entries(r.game.keys ?? {}).find(([, k]) => k === read.key.publicKey)?.[0] : undefined;
    return info(
      `The key${read.key.label ? ` of ${read.key.label}` : ''} is kept in this browser` +
        (whose ? `: it signs ${whose}'s turns in this game.` : '.'),
    );
  }

  /** The key file of the key `me` signs with here (or this browser's own), with the warning to show. */
  async exportKey(): Promise<{ text: string; name: string; said: Said }> {
    const r = this.record;
    const own = r ? this.keys.find((k) => k.publicKey === r.game.keys?.[r.me]) : undefined;
    if (!own) await this.myKey();
    const key = own ?? this.keys[0];
    const player = own && r ? r.me : key.label;
    const name = `${player.replace(/[^A-Za-z0-9_-]+/g, '-') || 'my'}.o2key.json`;
    return {
      text: exportKey(key, player),
      name,
      said: error(`Your private key was downloaded (${name}). ${EXPORT_WARNING}`),
    };
  }

  destroy(): void {
    this.off();
  }
}

/** What a game's signing means for this browser, said after it opens. */
function signedWords(game: MailGame, keys: readonly BrowserKey[], me: string): string {
  if (!game.keys)
    return ' It is an unsigned game: its turns carry no signature, so a forged turn cannot be told apart.';
  return privateKeyFor(keys, game, me) === null
    ? ` It is signed, and this browser holds no key of ${me}'s: you can open its turns, but to send ${me}'s import ${me}'s key file.`
    : ` It is signed: your turns are signed with your key kept in this browser.`;
}
