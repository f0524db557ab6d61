/**
 * The signing part of the "Play by mail" panel (issue 37): this browser's public key to give the
 * player who starts a game, the export of the private key (with its warning) and the import of a key
 * file; before a game, each player's public key; during one, whether its turns are signed.
 */
import { el } from '../platform/dom.ts';
import type { MailGame } from '../../board/index.ts';
import { EXPORT_WARNING } from '../../board/index.ts';

export interface KeyActions {
  exportKey(): void;
  importKeyFile(file: File): void;
}

/** This browser's public key, "Export my private key" and "Import a key file". */
export function keysBox(myKey: string | null, act: KeyActions): Node {
  const file = el('input', { type: 'file', id: 'table-mail-key-file', accept: '.json,.key,application/json' });
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (f) act.importKeyFile(f);
    file.value = '';
  });
  const exp = el('button', { type: 'button', id: 'table-mail-key-export' }, 'Export my private key');
  exp.addEventListener('click', () => act.exportKey());
  return el(
    'fieldset',
    { class: 'tb-mail-keys' },
    el('legend', { text: 'Your key (it signs your turns)' }),
    el(
      'label',
      {},
      'Your public key (give it to whoever starts the game): ',
      el('input', {
        id: 'table-mail-my-key',
        readonly: '',
        value: myKey ?? 'being made…',
        'aria-label': 'Your public key',
      }),
    ),
    el('p', {}, exp, ' ', el('span', { class: 'tb-hint', text: EXPORT_WARNING })),
    el('label', {}, 'Import a key file (from "board mail key" or another browser): ', file),
  );
}

/** One input per player for their public key (the player here gets this browser's own). */
export function playerKeyInputs(players: string[], me: string, myKey: string | null): HTMLInputElement[] {
  return players.map((p) =>
    el('input', {
      class: 'tb-mail-player-key',
      'data-player': p,
      placeholder: 'o2pub1.…',
      'aria-label': `${p}'s public key`,
      value: p === me && myKey ? myKey : '',
    }),
  );
}

/** The players' key inputs laid out, each with its player's name. */
export function playerKeysBox(players: string[], inputs: HTMLInputElement[]): Node {
  return el(
    'fieldset',
    { class: 'tb-mail-player-keys' },
    el('legend', { text: "Each player's public key (every turn is signed, so nobody can forge one)" }),
    ...players.map((p, i) => el('p', {}, el('label', {}, `${p}: `, inputs[i]))),
  );
}

/** The inputs' keys by player. */
export function keysGiven(inputs: HTMLInputElement[]): Record<string, string> {
  return Object.fromEntries(inputs.map((i) => [i.dataset.player ?? '', i.value]));
}

/** How a game's turns are checked, in words. */
export function signedStatus(game: MailGame): string {
  return game.keys
    ? 'signed: each turn is checked against its sender’s key'
    : 'unsigned: made before signed turns, so a forged turn cannot be told apart';
}
