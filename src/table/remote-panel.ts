/**
 * The remote table's panel on #/table (issue 21). At the host: "Invite players" opens the table under
 * a short code (and a link), lists the guests and who holds each seat, and can free a seat a guest
 * left. At a guest (the page opened with ?join=CODE): the line to the host, the seats with "Take
 * this seat" / "Give it back", and, in a battle, which control this browser holds. The sessions
 * themselves are board/table's RemoteHost and RemoteGuest (wired in src/net); this panel owns them and draws them.
 */
import { el } from '../platform/dom.ts';
import { setting } from '../platform/settings.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import { errorText } from '../machine/machine-host.ts';
import { GUEST_NAME, netGuest, newCode, openNetHost, readCode, type NetGuest, type NetHost } from '../net/index.ts';
import type { TableBattle, GameSession } from '../../board/index.ts';
import { awayFighters, battleWaitsWords, withStalled } from '../../board/index.ts';
import {
  awayOffer,
  awayOfferMs,
  guestList,
  keepButton,
  netFigures,
  proposals,
  relayFigures,
} from './remote-host-view.ts';
import { netSettingsView } from './net-settings-view.ts';
import { browserStorage } from './battle-driver.ts';
import { ChatView } from './chat-view.ts';

/** The code of the table this browser hosts, kept so a reload opens the same table (guests' links keep working). */
const HOSTED = setting<string>('o2conquest.net.hosting', '', (t) => readCode(t) ?? undefined);

export interface RemotePanelDeps {
  controller: GameSession;
  machine: MachineHost;
  computer(player: string): boolean;
  /** The computer plays a seat here (one whose guest has been away AWAY_OFFER_MS). */
  giveToComputer(player: string): void;
  /** Redraw the table (seats changed, a battle with a guest began or ended). */
  changed(): void;
  /** The table's battle: the host's session follows it (a battle with a guest is fought on both machines). */
  battle: TableBattle;
}

export class RemotePanel {
  /** Folded like "Computer players" until a table is open here (its code and seats then stay in view). */
  readonly element = el('details', { class: 'tb-remote', id: 'table-remote' });
  /** The redraw that makes the offer of an away guest's seat when it is due. */
  private offerTimer: ReturnType<typeof setTimeout> | undefined;
  host: NetHost | null = null;
  guest: NetGuest | null = null;
  private opening = false;
  private error: string | null = null;
  private destroyed = false;
  /** Connection settings: one element kept across redraws, so what is being typed stays. */
  private readonly settings = netSettingsView();
  /** The panel was opened when a table opened here (the players may fold it again). */
  private shownOpen = false;
  /** The summary and the part redrawn; the chat stays out of it (what is typed there is kept). */
  private readonly summary = el('summary');
  private readonly body = el('div');
  private readonly chat = new ChatView((text) =>
    this.host ? this.host.table.say(text) : this.guest ? this.guest.say(text) : 'Not said: no table is open here.',
  );

  constructor(
    private readonly deps: RemotePanelDeps,
    joinCode: string | null,
    guestName: string | null,
  ) {
    if (joinCode !== null) {
      const code = readCode(joinCode);
      if (code === null)
        this.error = `"${joinCode.slice(0, 20)}" is not a table code (${6} letters and digits, as the host's page shows it).`;
      else {
        const name = (guestName ?? GUEST_NAME.get()).trim().slice(0, 40) || 'A guest';
        if (guestName) GUEST_NAME.set(name);
        this.guest = netGuest(code, name, {
          controller: deps.controller,
          machine: deps.machine,
          changed: () => this.redraw(),
        });
      }
    }
    this.redraw();
  }

  /** A guest's page (its board follows the host's game). */
  get isGuest(): boolean {
    return this.guest !== null || this.error !== null;
  }

  /** Whether this page fights a battle with another browser now (its keys steer its side there). */
  get battling(): boolean {
    return this.host?.battling === true || this.guest?.battle != null;
  }

  /** Starts what was asked for when the page opened: joining a table, or reopening the one hosted before a reload. */
  start(): void {
    if (this.guest) void this.guest.connect();
    else if (HOSTED.get()) void this.invite(HOSTED.get());
  }

  /** Who plays `player`'s seat when it is not this page: a guest's name, or null. */
  heldElsewhere(player: string): string | null {
    if (this.host) return this.host.heldBy(player);
    if (this.guest) {
      const holder = this.guest.seats.find((s) => s.player === player)?.holder;
      if (holder === this.guest.you) return null;
      if (holder === 'host') return 'the host';
      return this.guest.guests.find((g) => g.id === holder)?.name ?? 'another guest';
    }
    return null;
  }

  /**
   * The battle `attacker` v `defender` waiting for a fighter's browser, in words (null: none away). At the
   * host from its own guest list; at a guest from the one the host sends every guest (who is away there).
   */
  battleWaits(attacker: string, defender: string, underWay: boolean): string | null {
    const host = this.host;
    const guest = this.guest;
    const holder = (p: string): string | undefined =>
      host ? host.table.holder(p) : guest?.seats.find((s) => s.player === p)?.holder;
    const guests = host ? host.guests() : (guest?.guests ?? []);
    const away = awayFighters([attacker, defender], holder, guests);
    // At the host, a relay's reporter that stopped reporting is waited for too (board/table's report-stall.ts).
    const stalled = host ? host.stalledSeats().filter((s) => s.player === attacker || s.player === defender) : [];
    return battleWaitsWords(withStalled(away, stalled), underWay);
  }

  /** The guest's name whose browser holds `player`'s seat while it is away, or null (the turn banner says so). */
  awayHolder(player: string): string | null {
    const host = this.host;
    const holder = host ? host.table.holder(player) : this.guest?.seats.find((s) => s.player === player)?.holder;
    const guests = host ? host.guests() : (this.guest?.guests ?? []);
    return awayFighters([player], () => holder, guests)[0]?.name ?? null;
  }

  private async invite(code = newCode()): Promise<void> {
    if (this.host || this.opening) return;
    this.opening = true;
    this.error = null;
    this.redraw();
    try {
      const host = await openNetHost(code, {
        controller: this.deps.controller,
        machine: this.deps.machine,
        battle: this.deps.battle,
        computer: this.deps.computer,
        changed: () => this.redraw(),
        storage: browserStorage,
      });
      if (this.destroyed) {
        host.close();
        return;
      }
      this.host = host;
      HOSTED.set(code);
    } catch (e) {
      this.error = `The table could not be opened: ${errorText(e)}.`;
    } finally {
      this.opening = false;
    }
    this.redraw();
  }

  private closeTable(): void {
    this.host?.close();
    this.host = null;
    HOSTED.set('');
    this.redraw();
  }

  /** One redraw `ms` from now (the latest asked replaces an earlier one). */
  private redrawIn(ms: number): void {
    clearTimeout(this.offerTimer);
    this.offerTimer = setTimeout(() => this.redraw(), ms);
  }

  redraw(): void {
    if (this.destroyed) return;
    clearTimeout(this.offerTimer);
    if ((this.guest || this.host) && !this.shownOpen) {
      this.shownOpen = true;
      this.element.open = true;
    }
    if (this.body.parentNode !== this.element) this.element.replaceChildren(this.summary, this.body, this.chat.element);
    this.summary.textContent = this.guest
      ? `Remote table ${this.guest.code}`
      : this.host
        ? `Remote table ${this.host.code}`
        : 'Remote table';
    this.body.replaceChildren(
      ...(this.guest ? this.guestView(this.guest) : this.host ? this.hostView(this.host) : this.idleView()),
    );
    const lines = this.host ? this.host.table.chatLines() : (this.guest?.chat ?? []);
    this.chat.update(lines, !(this.host || this.guest?.line === 'joined'));
    this.deps.changed();
  }

  private idleView(): Node[] {
    const invite = el(
      'button',
      { type: 'button', id: 'table-invite', 'data-key': 'invite' },
      this.opening ? 'Opening the table…' : 'Invite players',
    );
    invite.disabled = this.opening;
    invite.addEventListener('click', () => void this.invite());
    return [
      el('p', {
        class: 'tb-hint',
        text: 'Players on other computers join this game with a code or a link; each holds their own seats and fights their battles on their own keyboard.',
      }),
      invite,
      ...(this.error ? [el('p', { class: 'tb-remote-error', role: 'alert', text: this.error })] : []),
      this.settings,
    ];
  }

  /** The computer takes a seat whose guest is gone: the seat is the host's again, and the computer plays it. */
  private giveAway(host: NetHost, player: string): void {
    host.table.free(player);
    this.deps.giveToComputer(player);
  }

  private hostView(host: NetHost): Node[] {
    const offerMs = awayOfferMs();
    // Every seat whose guest is away: offered once away long enough; until then the panel redraws itself when it is.
    // A relay's reporter that answers but stopped reporting is offered as an away guest is (board/table's report-stall.ts).
    const gone = host.table.overdue(0);
    const away = [...gone, ...host.stalledSeats().filter((s) => !gone.some((g) => g.player === s.player))];
    const overdue = away.filter((a) => a.awayMs >= offerMs);
    const soonest = Math.min(...away.map((a) => offerMs - a.awayMs).filter((ms) => ms > 0));
    if (Number.isFinite(soonest)) this.redrawIn(soonest + 50);
    const link = `${location.origin}${location.pathname}?join=${host.code}#/table`;
    const copy = el('button', { type: 'button', id: 'table-copy-link' }, 'Copy the link');
    copy.addEventListener(
      'click',
      () =>
        void navigator.clipboard?.writeText(link).then(
          () => {
            copy.textContent = 'Copied';
          },
          () => undefined,
        ),
    );
    const close = el('button', { type: 'button', id: 'table-close-remote' }, 'Close the table');
    close.addEventListener('click', () => this.closeTable());
    return [
      el(
        'p',
        {},
        'Code ',
        el('strong', { id: 'table-code', class: 'tb-code', text: host.code }),
        ' · ',
        el('a', { href: link, id: 'table-link', target: '_blank', rel: 'noopener' }, 'link'),
        ' ',
        copy,
      ),
      el(
        'ul',
        { class: 'tb-remote-seats', id: 'table-remote-seats' },
        ...host.seats().map((s) => {
          const name = host.heldBy(s.player);
          const li = el(
            'li',
            { 'data-player': s.player },
            `${s.player}: `,
            name ? `${name}'s browser` : this.deps.computer(s.player) ? 'the computer, here' : 'here',
          );
          if (name) {
            const free = el(
              'button',
              { type: 'button', 'data-free': s.player, title: `${s.player} plays here again` },
              'Free the seat',
            );
            free.addEventListener('click', () => host.table.free(s.player));
            li.append(' ', free);
            const away = overdue.find((o) => o.player === s.player);
            const fights = host.awayFighters().some((a) => a.player === s.player);
            // Fought again from its start: only a battle under way (one waiting to be programmed waits anyway).
            const again = fights && this.deps.battle.busy ? () => void host.fightAgain() : null;
            if (away) li.append(' ', ...awayOffer(away, () => this.giveAway(host, s.player), fights, again));
          } else if (!this.deps.computer(s.player)) li.append(' ', keepButton(host, s.player));
          return li;
        }),
      ),
      ...guestList(host),
      ...proposals(host),
      ...(host.lastBattle ? [el('p', { class: 'tb-hint', id: 'table-net-stats' }, netFigures(host.lastBattle))] : []),
      ...(host.lastRelay ? [el('p', { class: 'tb-hint', id: 'table-relay-stats' }, relayFigures(host.lastRelay))] : []),
      ...(host.problem ? [el('p', { class: 'tb-remote-error', role: 'alert', text: host.problem })] : []),
      ...(this.error ? [el('p', { class: 'tb-remote-error', role: 'alert', text: this.error })] : []),
      close,
    ];
  }

  private guestView(guest: NetGuest): Node[] {
    const line =
      guest.line === 'joined'
        ? `At table ${guest.code} as ${this.guestName()}.`
        : guest.line === 'joining'
          ? `Joining table ${guest.code}…`
          : `Table ${guest.code}: the host is away; the game waits.`;
    const mine = guest.mine();
    const seats = guest.seats.map((s) => {
      const li = el('li', { 'data-player': s.player }, `${s.player}: `);
      if (s.holder === guest.you) {
        const give = el('button', { type: 'button', 'data-release': s.player }, 'Give it back');
        give.addEventListener('click', () => guest.release(s.player));
        li.append('your seat ', give);
      } else if (s.holder === 'host' && s.kept) li.append('the host (kept for its keyboard)');
      else if (s.holder === 'host') {
        const take = el('button', { type: 'button', 'data-claim': s.player }, 'Take this seat');
        take.addEventListener('click', () => guest.claim(s.player));
        li.append('the host ', take);
      } else li.append(`${guest.guests.find((g) => g.id === s.holder)?.name ?? 'another guest'}`);
      return li;
    });
    const battle = guest.battle?.both
      ? 'In battle: this browser holds both controls, left (red) and right (blue); each steers with its own keys or pad.'
      : guest.battle
        ? `In battle: you hold the ${guest.battle.side === 0 ? 'left (red)' : 'right (blue)'} control; steer with either control's keys or your pad.`
        : null;
    return [
      el('p', { id: 'table-remote-line', 'data-line': guest.line }, line),
      el('ul', { class: 'tb-remote-seats', id: 'table-remote-seats' }, ...seats),
      el(
        'p',
        { class: 'tb-hint', id: 'table-remote-mine' },
        mine.length
          ? `You play ${mine.join(' and ')}.`
          : guest.seats.length
            ? 'You are watching: take a free seat to play.'
            : 'The host has not set the game up yet.',
      ),
      ...(battle ? [el('p', { id: 'table-remote-battle', text: battle })] : []),
      ...(guest.problem ? [el('p', { class: 'tb-remote-error', role: 'alert', text: guest.problem })] : []),
      ...(guest.line === 'joined' ? [] : [this.settings]),
    ];
  }

  private guestName(): string {
    const g = this.guest;
    return g?.guests.find((x) => x.id === g.you)?.name ?? 'a guest';
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.offerTimer);
    this.host?.close();
    this.guest?.close();
  }
}
