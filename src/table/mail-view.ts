/**
 * What the "Play by mail" panel shows (mail-panel.ts owns what it does): before a game by mail, who
 * plays here and "Play by mail"; during one, where the chain stands, the standing orders, "Send my
 * turn", the last turn sent as a file and a link, and everywhere a place to open a turn or a game.
 */
import { el } from '../platform/dom.ts';
import { LEVELS, isLevel, type MailRecord } from '../../board/index.ts';
import type { StandingOrders } from '../../board/index.ts';
import { keysBox, keysGiven, playerKeyInputs, playerKeysBox, signedStatus } from './mail-keys-view.ts';
import type { KeyActions } from './mail-keys-view.ts';

export interface MailActions extends KeyActions {
  start(me: string, keys: Record<string, string>): void;
  send(): void;
  open(text: string): void;
  openFile(file: File): void;
  setMe(me: string): void;
  setOrders(orders: StandingOrders): void;
  downloadTurn(): void;
  downloadGame(): void;
  copyLink(button: HTMLButtonElement): void;
  leave(): void;
}

export interface MailViewState {
  record: MailRecord | null;
  /** The board's players (before a game by mail: whom this browser may play). */
  players: string[];
  /** Moves since the last turn, or null when the board is at a game they do not reach. */
  moves: number | null;
  link: string | null;
  busy: boolean;
  /** This browser's own public key (null while it is made). */
  myKey: string | null;
}

function select(id: string, options: [string, string][], value: string, change: (v: string) => void) {
  const s = el('select', { id });
  for (const [v, text] of options) s.append(el('option', { value: v, text }));
  s.value = value;
  s.addEventListener('change', () => change(s.value));
  return s;
}

function button(id: string, text: string, click: () => void, disabled = false): HTMLButtonElement {
  const b = el('button', { type: 'button', id }, text);
  b.disabled = disabled;
  b.addEventListener('click', click);
  return b;
}

/** The words for the moves since the last turn. */
export function movesWords(moves: number | null): string {
  if (moves === null) return 'the board is not at this game by mail (another game was loaded?)';
  return moves === 0 ? 'no move since the last turn' : `${moves} move${moves === 1 ? '' : 's'} since the last turn`;
}

const ORDERS: [string, string][] = [
  ['wait', 'battles against me wait until we are both online'],
  ...LEVELS.map((l): [string, string] => [`bot:${l}`, `the battle bot fights for me (${l})`]),
];

export function renderMail(v: MailViewState, act: MailActions): Node[] {
  return v.record ? renderGame(v, act, v.record) : renderStart(v, act);
}

/** No game by mail here yet: start one on the board's game, or open one sent here. */
function renderStart(v: MailViewState, act: MailActions): Node[] {
  const keys = playerKeyInputs(v.players, v.players[0] ?? '', v.myKey);
  // The player here is given this browser's key; another player's row keeps what was pasted.
  const me = select(
    'table-mail-me',
    v.players.map((p) => [p, p]),
    v.players[0] ?? '',
    (name) => {
      for (const k of keys) {
        if (k.dataset.player === name && !k.value) k.value = v.myKey ?? '';
        else if (k.dataset.player !== name && k.value === v.myKey) k.value = '';
      }
    },
  );
  return [
    el('p', {
      class: 'tb-hint',
      text: 'Players far apart take turns by file or link: each turn carries your moves since the last one, chained to it so an edited or replayed turn is refused.',
    }),
    v.players.length
      ? el(
          'p',
          {},
          el('label', {}, 'I am ', me),
          ' ',
          button('table-mail-start', 'Play by mail', () => act.start(me.value, keysGiven(keys)), v.busy),
        )
      : el('p', {
          class: 'tb-hint',
          text: 'Seat the players on the board first; or open a game by mail sent to you.',
        }),
    ...(v.players.length ? [playerKeysBox(v.players, keys)] : []),
    keysBox(v.myKey, act),
    ...openBox(v, act, 'Open a game by mail (or a turn of it)', "Paste a game by mail, or a turn's link or text, here"),
  ];
}

/** The game by mail kept here: its turn, who I am, my standing orders, sending and opening turns. */
function renderGame(v: MailViewState, act: MailActions, r: NonNullable<MailViewState['record']>): Node[] {
  const ordersValue = r.orders.absent === 'bot' ? `bot:${r.orders.level}` : 'wait';
  return [
    el(
      'p',
      { id: 'table-mail-status', 'data-turn': String(r.game.chain.number), 'data-signed': String(!!r.game.keys) },
      `Game ${r.game.id.slice(0, 8)} by mail, at turn ${r.game.chain.number}: `,
      el('span', { id: 'table-mail-moves' }, movesWords(v.moves)),
      '; ',
      el('span', { id: 'table-mail-signed' }, signedStatus(r.game)),
      '.',
    ),
    el(
      'p',
      {},
      el(
        'label',
        {},
        'I am ',
        select(
          'table-mail-me',
          r.game.state.players.map((p) => [p.name, p.name]),
          r.me,
          act.setMe,
        ),
      ),
    ),
    el(
      'p',
      {},
      el(
        'label',
        {},
        'While I am away: ',
        select('table-mail-orders', ORDERS, ordersValue, (o) => {
          const level = o.slice(4);
          act.setOrders(o.startsWith('bot:') && isLevel(level) ? { absent: 'bot', level } : { absent: 'wait' });
        }),
      ),
    ),
    button('table-mail-send', v.busy ? 'Sending…' : `Send my turn (turn ${r.game.chain.number + 1})`, act.send, v.busy),
    ...(r.sent && v.link ? [sentBox(r.sent.number, v.link, act)] : []),
    el(
      'p',
      {},
      button('table-mail-game', 'Download the game (for a player who joins)', act.downloadGame),
      ' ',
      button('table-mail-leave', 'Leave this game by mail', act.leave),
    ),
    ...openBox(v, act, 'Open a turn', "Paste a turn's link or text here"),
    keysBox(v.myKey, act),
  ];
}

/** The turn just made, to send: as a file or as a link. */
function sentBox(number: number, link: string, act: MailActions): HTMLElement {
  return el(
    'div',
    { class: 'tb-mail-sent', id: 'table-mail-sent', 'data-turn': String(number) },
    el('p', {}, `Turn ${number} is ready to send: as a file, or as a link.`),
    el(
      'p',
      {},
      button('table-mail-download', 'Download the turn', act.downloadTurn),
      ' ',
      ((): HTMLButtonElement => {
        const b = el('button', { type: 'button', id: 'table-mail-copy' }, 'Copy the link');
        b.addEventListener('click', () => act.copyLink(b));
        return b;
      })(),
    ),
    el('input', { id: 'table-mail-link', readonly: '', value: link, 'aria-label': 'The link to the turn' }),
  );
}

function openBox(v: MailViewState, act: MailActions, title: string, placeholder: string): Node[] {
  const file = el('input', { type: 'file', id: 'table-mail-file', accept: '.o2turn,.json,.txt,text/plain' });
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (f) act.openFile(f);
    file.value = '';
  });
  const paste = el('textarea', {
    id: 'table-mail-paste',
    rows: '2',
    placeholder,
    'aria-label': "A turn's link or text",
  });
  return [
    el(
      'fieldset',
      { class: 'tb-mail-open' },
      el('legend', { text: title }),
      el('label', {}, 'From a file (or drop it here): ', file),
      paste,
      button('table-mail-open', 'Open', () => act.open(paste.value), v.busy),
    ),
  ];
}
