/**
 * "Connection settings" under the remote table: the signalling server and the STUN/TURN list
 * (src/net/net-settings.ts checks and keeps them). Folded: one network needs neither.
 */
import { el } from '../platform/dom.ts';
import { INPUT_DELAY, netSettingsText, saveNetSettings } from '../net/index.ts';

export function netSettingsView(): HTMLElement {
  const now = netSettingsText();
  const relay = el('input', {
    type: 'text',
    id: 'table-relay-url',
    placeholder: "this app's own (npm start)",
    'aria-label': 'Signalling server',
  });
  relay.value = now.relay;
  const ice = el('textarea', { id: 'table-ice-servers', rows: '3', 'aria-label': 'STUN/TURN servers (JSON)' });
  ice.value = now.ice;
  const said = el('p', { class: 'tb-hint', id: 'table-net-settings-said', role: 'status' });
  const delay = delaySelect((text) => {
    said.textContent = text;
    said.dataset.kind = 'info';
  });
  const save = el('button', { type: 'button', id: 'table-net-settings-save' }, 'Keep these settings');
  save.addEventListener('click', () => {
    const r = saveNetSettings(relay.value, ice.value);
    said.textContent = r.ok ? r.value : `Not kept: ${r.error}.`;
    said.dataset.kind = r.ok ? 'info' : 'error';
  });
  return el(
    'details',
    { class: 'tb-net-settings', id: 'table-net-settings' },
    el('summary', { text: 'Connection settings' }),
    el('label', {}, 'Signalling server ', relay),
    el('label', {}, 'STUN/TURN servers (for browsers on different networks) ', ice),
    save,
    el('label', {}, 'Input delay in battles ', delay),
    said,
  );
}

/**
 * The input delay of the host's battles: auto (from the round trip the last battle measured) or 0-8
 * frames. Fewer frames: a stick acts sooner here, and the other machine goes back more often to correct
 * its guess; more: the other way round. Kept as it is chosen.
 */
function delaySelect(tell: (text: string) => void): HTMLSelectElement {
  const select = el('select', { id: 'table-input-delay', 'aria-label': 'Input delay in battles' });
  select.append(el('option', { value: 'auto' }, 'auto (from the round trip)'));
  for (let n = 0; n <= 8; n++) select.append(el('option', { value: String(n) }, `${n} frame${n === 1 ? '' : 's'}`));
  const now = INPUT_DELAY.get();
  select.value = now === null ? 'auto' : String(now);
  select.addEventListener('change', () => {
    const value = select.value === 'auto' ? null : Number(select.value);
    INPUT_DELAY.set(value);
    tell(
      value === null
        ? 'Input delay: chosen from the round trip, from the next battle on.'
        : `Input delay: ${value} frame${value === 1 ? '' : 's'} from the next battle on.`,
    );
  });
  return select;
}
