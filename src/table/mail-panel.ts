/**
 * "Play by mail" on #/table (issue 21): the panel of a game by mail (MailSession holds the game and
 * what the buttons do). The set-up game becomes a game by mail kept in this browser; "Send my turn"
 * offers the turn as a file and a link; a turn opened from a file (chosen or dropped), a pasted text
 * or the link the page was opened with changes the board only when board/mail accepts it. A refused
 * one is said in its sentence and changes nothing.
 */
import { el } from '../platform/dom.ts';
import { localStore, tellStored } from '../platform/stored.ts';
import {
  serializeMailGame,
  type GameSession,
  linkedTurn,
  turnLink,
  MailSession,
  type Said,
} from '../../board/index.ts';
import type { AbsentBattlePort, Level } from '../../board/index.ts';
import { readDropped } from './mail-link.ts';
import { downloadText } from '../platform/download.ts';
import { movesWords, renderMail } from './mail-view.ts';
import type { MailActions } from './mail-view.ts';

export interface MailPanelDeps {
  controller: GameSession;
  /** A new machine for each turn opened, its battles of the battle bots fought again on it (../machine/bot-battles.ts). */
  refights?: () => AbsentBattlePort;
  /** Redraw the table around the panel. */
  changed(): void;
}

export class MailPanel {
  readonly element = el('details', { class: 'tb-remote tb-mail', id: 'table-mail' });
  private readonly body = el('div');
  private readonly message = el('p', { id: 'table-mail-message', role: 'status', 'aria-live': 'polite' });
  private readonly session: MailSession;
  private busy = false;
  private readonly cleanups: (() => void)[] = [];
  /** A look at the away players' standing orders is under way; `again`: the board moved meanwhile. */
  private looking = false;
  private again = false;
  /** This browser's public key, once made (mail-keys.ts). */
  private myKey: string | null = null;

  constructor(private readonly deps: MailPanelDeps) {
    this.session = new MailSession(deps.controller, localStore(), deps.refights);
    if (this.session.loadProblem) this.say({ text: this.session.loadProblem, kind: 'error' });
    this.element.append(el('summary', { text: 'Play by mail' }), this.body, this.message);
    // A game set aside is said where it shows: the panel opens on its sentence.
    this.element.open = this.session.record !== null || this.session.loadProblem !== null;
    if (this.session.loadProblem) tellStored(this.session.loadProblem);
    this.element.addEventListener('dragover', (e) => e.preventDefault());
    this.element.addEventListener('drop', (e) => {
      e.preventDefault();
      const f = e.dataTransfer?.files[0];
      if (f) this.actions.openFile(f);
    });
    this.cleanups.push(
      () => this.session.destroy(),
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
    void this.session.myKey().then(
      (k) => {
        this.myKey = k;
        this.redraw();
      },
      (e: unknown) => this.say({ text: `No key could be made in this browser (${String(e)}).`, kind: 'error' }),
    );
  }

  /** Opens the turn in the page's link, if any (once: the address goes back to #/table). */
  start(): void {
    void this.openLinked();
  }

  /** Who holds `name`'s control in a battle here besides the computer seats: an away player's battle bot. */
  standIn(name: string): Level | null {
    return this.session.standIn(name);
  }

  /** Whether `name` plays this game by mail at a table of their own (MailSession.elsewhere). */
  elsewhere(name: string): boolean {
    return this.session.elsewhere(name);
  }

  private async openLinked(): Promise<void> {
    const text = linkedTurn(location.hash);
    if (text === null) return;
    history.replaceState(history.state, '', location.href.replace(/#.*$/, '#/table'));
    this.element.open = true;
    await this.run(() => this.session.openTurn(text));
  }

  private say(said: Said): void {
    this.message.textContent = said.text;
    this.message.dataset.kind = said.kind;
    this.message.setAttribute('role', said.kind === 'error' ? 'alert' : 'status');
  }

  private showMoves(): void {
    const span = this.body.querySelector('#table-mail-moves');
    if (span) span.textContent = movesWords(this.session.moves());
    else if (!this.session.record) this.redraw();
  }

  private redraw(tell = true): void {
    const view = this.deps.controller.snapshot().view;
    const r = this.session.record;
    this.body.replaceChildren(
      ...renderMail(
        {
          record: r,
          players: view.phase === 'setup' ? [] : view.players.map((p) => p.name),
          moves: this.session.moves(),
          // The last turn sent from here is offered while it is the game's last turn (the others may not have it yet).
          link: r?.sent && r.sent.number === r.game.chain.number ? turnLink(location.href, r.sent.text) : null,
          busy: this.busy,
          myKey: this.myKey,
        },
        this.actions,
      ),
    );
    if (tell) this.deps.changed();
  }

  /** One button's work at a time, the panel redrawn around it and its sentence shown. */
  private async run(work: () => Promise<Said>): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.redraw();
    try {
      this.say(await work());
    } catch (e) {
      this.say({ text: `${e instanceof Error ? e.message : String(e)}; nothing was changed.`, kind: 'error' });
    } finally {
      this.busy = false;
      this.redraw();
      // A turn just opened may leave an away player's weapon to their standing orders at once.
      void this.standing();
    }
  }

  private async standing(): Promise<void> {
    if (this.looking || this.busy) {
      this.again ||= this.looking;
      return;
    }
    this.looking = true;
    try {
      const said = await this.session.standing();
      if (said) this.say(said);
    } finally {
      this.looking = false;
      if (this.again) {
        this.again = false;
        void this.standing();
      }
    }
  }

  private readonly actions: MailActions = {
    start: (me, keys) =>
      void this.run(async () => {
        const said = await this.session.start(me, keys);
        if (said.kind === 'info') this.element.open = true;
        return said;
      }),
    send: () => void this.run(() => this.session.send()),
    open: (text) => void this.run(() => this.session.open(text)),
    openFile: (file) =>
      void this.run(async () => {
        const read = await readDropped(file);
        return read.ok ? this.session.open(read.text) : { text: `${read.error}. Nothing was changed.`, kind: 'error' };
      }),
    setMe: (me) => {
      this.say(this.session.setMe(me));
      this.redraw();
    },
    setOrders: (orders) => this.say(this.session.setOrders(orders)),
    downloadTurn: () => {
      const r = this.session.record;
      if (r?.sent)
        downloadText(
          `${r.sent.text}\n`,
          `conquest-${r.game.id.slice(0, 8)}-turn-${r.sent.number}.o2turn`,
          'text/plain',
        );
    },
    downloadGame: () => {
      const r = this.session.record;
      if (r)
        downloadText(
          serializeMailGame(r.game),
          `conquest-${r.game.id.slice(0, 8)}-turn-${r.game.chain.number}.o2mail.json`,
        );
    },
    copyLink: (b) => {
      const r = this.session.record;
      if (!r?.sent) return;
      const cannot = (): void =>
        this.say({ text: 'The link could not be copied here: select it below and copy it.', kind: 'error' });
      // No clipboard outside a secure page (http from another computer): the link stays to select by hand.
      if (!navigator.clipboard) return cannot();
      navigator.clipboard.writeText(turnLink(location.href, r.sent.text)).then(() => {
        b.textContent = 'Copied';
      }, cannot);
    },
    exportKey: () =>
      void this.session.exportKey().then(({ text, name, said }) => {
        downloadText(text, name, 'application/json');
        this.say(said);
      }),
    importKeyFile: (file) =>
      void this.run(async () => {
        const read = await readDropped(file);
        return read.ok
          ? this.session.importKey(read.text)
          : { text: `${read.error}. Nothing was changed.`, kind: 'error' };
      }),
    leave: () => {
      this.say(this.session.leave());
      this.redraw();
    },
  };

  destroy(): void {
    for (const c of this.cleanups) c();
  }
}
