/**
 * "Play by mail" on #/table (issue 21): the set-up game becomes a game by mail (board/mail), kept in
 * this browser; "Send my turn" makes a turn of the moves since the last one (gathered by MailJournal
 * from the engine's steps) and offers it as a file and a link; a turn opened from a file, a pasted
 * text or a link the page was opened with is checked by openTurn, and only a turn it accepts changes
 * the board and the game kept here. A refused one is said in its sentence and changes nothing.
 */
import { el } from '../platform/dom.ts';
import { deserializeMailGame, newMailGame, openTurn, serializeMailGame } from '../../board/index.ts';
import type { GameEvent, GameState, Level, MailGame, StandingOrders } from '../../board/index.ts';
import { botLevel, sendWithStanding } from './mail-standing.ts';
import type { BoardController } from '../board-view/controller.ts';
import { sessionDocument } from '../board-view/engine-adapter.ts';
import { encodeEnvelope } from '../board-view/save-format.ts';
import { MailJournal } from './mail-journal.ts';
import { download, linkedTurn, readDropped, readPasted, turnLink } from './mail-link.ts';
import { loadMail, saveMail } from './mail-store.ts';
import type { MailRecord } from './mail-store.ts';
import { movesWords, renderMail } from './mail-view.ts';
import type { MailActions } from './mail-view.ts';

export interface MailPanelDeps {
  controller: BoardController;
  /** Redraw the table around the panel. */
  changed(): void;
}

export class MailPanel {
  readonly element = el('details', { class: 'tb-remote tb-mail', id: 'table-mail' });
  private readonly body = el('div');
  private readonly message = el('p', { id: 'table-mail-message', role: 'status', 'aria-live': 'polite' });
  private record: MailRecord | null = null;
  private journal: MailJournal | null = null;
  private busy = false;
  private readonly cleanups: (() => void)[] = [];
  /** A look at the absent players' standing orders is under way; `again`: the board moved meanwhile. */
  private looking = false;
  private again = false;

  constructor(private readonly deps: MailPanelDeps) {
    const kept = loadMail();
    if (typeof kept === 'string') this.say(`${kept}; it was not loaded.`, 'error');
    else if (kept) this.take(kept, new MailJournal(kept.game.state, kept.events));
    this.element.append(el('summary', { text: 'Play by mail' }), this.body, this.message);
    this.element.open = this.record !== null;
    this.element.addEventListener('dragover', (e) => e.preventDefault());
    this.element.addEventListener('drop', (e) => {
      e.preventDefault();
      const f = e.dataTransfer?.files[0];
      if (f) this.actions.openFile(f);
    });
    this.cleanups.push(
      deps.controller.onStep((e, before, after) => {
        if (!this.record || !this.journal?.step(e, before, after)) return;
        this.record = { ...this.record, events: this.journal.events };
        saveMail(this.record);
      }),
      // Only the count of moves follows the board: the panel's controls are not redrawn under a finger.
      deps.controller.subscribe(() => {
        this.showMoves();
        void this.standing();
      }),
    );
    const onHash = (): void => void this.openLinked();
    window.addEventListener('hashchange', onHash);
    this.cleanups.push(() => window.removeEventListener('hashchange', onHash));
    // The table is still being built: it lays itself out once it is.
    this.redraw(false);
  }

  /** Opens the turn in the page's link, if any (once: the address goes back to #/table). */
  start(): void {
    void this.openLinked();
  }

  private async openLinked(): Promise<void> {
    const text = linkedTurn(location.hash);
    if (text === null) return;
    history.replaceState(history.state, '', location.href.replace(/#.*$/, '#/table'));
    this.element.open = true;
    await this.run(() => this.openTurnText(text));
  }

  private take(record: MailRecord, journal: MailJournal): void {
    this.record = record;
    this.journal = journal;
  }

  private say(text: string, kind: 'info' | 'error' = 'info'): void {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
    this.message.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  }

  private moves(): number | null {
    const now = this.deps.controller.gameState();
    const events = now && this.journal ? this.journal.eventsTo(now) : null;
    return events?.length ?? null;
  }

  private showMoves(): void {
    const span = this.body.querySelector('#table-mail-moves');
    if (span) span.textContent = movesWords(this.moves());
    else if (!this.record) this.redraw();
  }

  private redraw(tell = true): void {
    const players = this.deps.controller.snapshot().view;
    this.body.replaceChildren(
      ...renderMail(
        {
          record: this.record,
          players: players.phase === 'setup' ? [] : players.players.map((p) => p.name),
          moves: this.moves(),
          // The last turn sent from here is offered while it is the game's last turn (the others may not have it yet).
          link:
            this.record?.sent && this.record.sent.number === this.record.game.chain.number
              ? turnLink(location.href, this.record.sent.text)
              : null,
          busy: this.busy,
        },
        this.actions,
      ),
    );
    if (tell) this.deps.changed();
  }

  /**
   * Shows `state` on the board as a game of its own (no undo back past a turn), and starts the moves
   * since the last turn from it. False (with the board's sentence) when the board refuses to load it.
   */
  private showOnBoard(state: GameState, source: string): GameState | null {
    const c = this.deps.controller;
    if (!c.importText(encodeEnvelope({ engine: sessionDocument(state), clockStartedAt: null }), source)) return null;
    return c.gameState() ?? null;
  }

  /** Keeps `record` here and on the board; the sentence when it cannot be kept (nothing then changed here). */
  private keep(game: MailGame, me: string, patch: Partial<MailRecord>, source: string): string | null {
    const record: MailRecord = {
      game,
      me,
      orders: this.record?.orders ?? game.orders[me],
      events: [],
      sent: this.record?.sent ?? null,
      ...patch,
    };
    const before = this.deps.controller.exportText();
    const shown = this.showOnBoard(game.state, source);
    if (!shown)
      return `the board did not take the game (${this.deps.controller.snapshot().notice?.kind === 'refused' ? 'see the board' : 'it is busy'})`;
    const bad = saveMail(record);
    if (bad) {
      // The board goes back to what it showed: a game this browser cannot keep is not half taken.
      this.deps.controller.importText(before, 'the game as it was');
      return `the game by mail could not be kept: ${bad}`;
    }
    this.take(record, new MailJournal(shown));
    return null;
  }

  private async run(work: () => Promise<void>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.redraw();
    try {
      await work();
    } catch (e) {
      this.say(`${e instanceof Error ? e.message : String(e)}; nothing was changed.`, 'error');
    } finally {
      this.busy = false;
      this.redraw();
    }
  }

  /**
   * Who holds `name`'s control in a battle here: their battle bot's level when they are away with
   * standing orders "bot" (the table's computer seats steer that control with it), else null.
   */
  standIn(name: string): Level | null {
    return this.record ? botLevel(this.record.game, this.record.me, name) : null;
  }

  /**
   * During a war with an absent "bot" player, their weapon is chosen on the board as their standing
   * orders choose it in sendTurn (the same seed, so the turn sent holds the same one); their battles
   * wait on the board to be fought on the console, their control held by their bot (standIn).
   */
  private async standing(): Promise<void> {
    if (this.looking) {
      this.again = true;
      return;
    }
    const r = this.record;
    const c = this.deps.controller;
    const now = c.gameState();
    if (!r || !now || !this.journal || this.busy) return;
    const match = now.endgame?.match;
    const fighting = now.war ? [...now.war.attackers, ...now.war.defenders] : match ? [match.a, match.b] : [];
    if (!fighting.some((n) => botLevel(r.game, r.me, n) !== null)) return;
    const events = this.journal.eventsTo(now);
    if (!events) return;
    this.looking = true;
    try {
      const made = await sendWithStanding(r.game, r.me, events, r.orders);
      if (c.gameState() !== now || this.record !== r) return;
      let todo: GameEvent[] = [];
      if (made.ok) todo = made.sent.turn.events.slice(events.length);
      else if (made.due && !c.pendingBattle()) {
        const { attacker: a, defender: d } = made.due;
        const side = botLevel(r.game, r.me, a.player) !== null ? a : d;
        todo = [{ type: 'weapon', player: side.player, weapon: side.weapon }];
      }
      for (const e of todo) {
        if (e.type !== 'weapon' || botLevel(r.game, r.me, e.player) === null) break;
        if (!c.act(e)) {
          this.say(`${e.player}'s standing orders chose ${e.weapon}, and the board refused it.`, 'error');
          break;
        }
        this.say(
          `${e.player} is away: their battle bot (${botLevel(r.game, r.me, e.player)}) chose ${e.weapon}, and holds their control in the battle.`,
        );
      }
    } finally {
      this.looking = false;
      if (this.again) {
        this.again = false;
        void this.standing();
      }
    }
  }

  private async openTurnText(text: string): Promise<void> {
    const r = this.record;
    if (!r) {
      this.say(
        'This is a turn of a game by mail, but no game by mail is kept in this browser: open the game first (the file "Download the game" makes).',
        'error',
      );
      return;
    }
    const opened = await openTurn(text, r.game);
    if (!opened.ok) return this.say(`The turn was not opened: ${opened.error}. Nothing was changed.`, 'error');
    const now = this.deps.controller.gameState();
    const unsent = (now && this.journal?.eventsTo(now)?.length) || 0;
    const t = opened.turn;
    const bad = this.keep(opened.game, r.me, {}, `turn ${t.number} from ${t.player}`);
    if (bad) return this.say(`The turn was not opened: ${bad}. Nothing was changed.`, 'error');
    this.say(
      `Turn ${t.number} from ${t.player} opened: ${t.events.length} move${t.events.length === 1 ? '' : 's'}; the game is at turn ${t.number}.` +
        (unsent ? ` Your ${unsent} move${unsent === 1 ? '' : 's'} not sent were set aside.` : ''),
    );
  }

  /** A pasted or dropped text: a turn (its text or link) or a game by mail (its JSON). */
  private async openText(text: string): Promise<void> {
    if (text.trim() === '') return this.say("Paste a turn's link or text first.", 'error');
    const pasted = readPasted(text);
    if (pasted.kind === 'turn') return this.openTurnText(pasted.text);
    if (this.record)
      return this.say(
        `A game by mail is kept here already (game ${this.record.game.id.slice(0, 8)}, at turn ${this.record.game.chain.number}); leave it first to open another. Nothing was changed.`,
        'error',
      );
    const loaded = deserializeMailGame(pasted.text);
    if (!loaded.ok) return this.say(`The game by mail was not opened: ${loaded.error}.`, 'error');
    const g = loaded.game;
    const me = g.state.players[g.state.players.length > 1 ? 1 : 0].name;
    const bad = this.keep(g, me, { orders: g.orders[me], sent: null }, 'the game by mail');
    if (bad) return this.say(`The game by mail was not opened: ${bad}.`, 'error');
    this.say(
      `Game ${g.id.slice(0, 8)} by mail opened at turn ${g.chain.number}; you are ${me} (change "I am" if you are not).`,
    );
  }

  private readonly actions: MailActions = {
    start: (me) =>
      void this.run(async () => {
        const state = this.deps.controller.gameState();
        if (!state || state.phase === 'setup') return this.say('Seat the players on the board first.', 'error');
        const game = await newMailGame(state);
        const bad = this.keep(game, me, { orders: game.orders[me], sent: null }, 'the game by mail');
        if (bad) return this.say(`The game by mail was not started: ${bad}.`, 'error');
        this.element.open = true;
        this.say(
          `Game ${game.id.slice(0, 8)} is played by mail; you are ${me}. Send the game to the other players ("Download the game"), then play and send your turn.`,
        );
      }),
    send: () =>
      void this.run(async () => {
        const r = this.record;
        const now = this.deps.controller.gameState();
        if (!r || !now || !this.journal) return;
        const events = this.journal.eventsTo(now);
        if (events === null)
          return this.say(
            `The board is not at this game by mail: its moves since turn ${r.game.chain.number} are not known here. Open the last turn again, or undo back to it; nothing was sent.`,
            'error',
          );
        const sameOrders = JSON.stringify(r.orders) === JSON.stringify(r.game.orders[r.me]);
        if (events.length === 0 && sameOrders)
          return this.say(
            'You have made no move since the last turn and your standing orders are as they were: there is nothing to send.',
            'error',
          );
        const made = await sendWithStanding(r.game, r.me, events, r.orders);
        if (!made.ok) return this.say(`Your turn was not sent: ${made.error}.`, 'error');
        const sent = made.sent;
        const bad = this.keep(
          sent.game,
          r.me,
          { sent: { number: sent.turn.number, text: sent.text } },
          `turn ${sent.turn.number}`,
        );
        if (bad) return this.say(`Your turn was not sent: ${bad}.`, 'error');
        this.say(
          `Turn ${sent.turn.number} is made (${sent.turn.events.length} move${sent.turn.events.length === 1 ? '' : 's'}): send its file or its link to the other players.`,
        );
      }),
    open: (text) => void this.run(() => this.openText(text)),
    openFile: (file) =>
      void this.run(async () => {
        const read = await readDropped(file);
        if (!read.ok) return this.say(`${read.error}. Nothing was changed.`, 'error');
        await this.openText(read.text);
      }),
    setMe: (me) => {
      if (!this.record) return;
      this.record = { ...this.record, me, orders: this.record.game.orders[me] };
      saveMail(this.record);
      this.say(`You are ${me} in this game by mail.`);
      this.redraw();
    },
    setOrders: (orders: StandingOrders) => {
      if (!this.record) return;
      this.record = { ...this.record, orders };
      saveMail(this.record);
      this.say(
        orders.absent === 'wait'
          ? 'Your standing orders, sent with your next turn: a battle against you waits until you are both online.'
          : `Your standing orders, sent with your next turn: while you are away the battle bot (${orders.level}) chooses your weapons and fights your battles on the machine.`,
      );
    },
    downloadTurn: () => {
      const r = this.record;
      if (r?.sent) download(`conquest-${r.game.id.slice(0, 8)}-turn-${r.sent.number}.o2turn`, `${r.sent.text}\n`);
    },
    downloadGame: () => {
      const r = this.record;
      if (r)
        download(
          `conquest-${r.game.id.slice(0, 8)}-turn-${r.game.chain.number}.o2mail.json`,
          serializeMailGame(r.game),
          'application/json',
        );
    },
    copyLink: (b) => {
      const link = this.record?.sent ? turnLink(location.href, this.record.sent.text) : null;
      if (!link) return;
      void navigator.clipboard?.writeText(link).then(
        () => (b.textContent = 'Copied'),
        () => this.say('The link could not be copied here: select it below and copy it.', 'error'),
      );
    },
    leave: () => {
      const bad = saveMail(null);
      if (bad) return this.say(`The game by mail was not left: ${bad}.`, 'error');
      this.record = null;
      this.journal = null;
      this.say('This browser no longer keeps the game by mail; the board keeps the game as it is.');
      this.redraw();
    },
  };

  destroy(): void {
    for (const c of this.cleanups) c();
  }
}
