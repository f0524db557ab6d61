/**
 * "Connection settings" under the remote table: the signalling server and the STUN/TURN list
 * (src/net/net-settings.ts checks and keeps them). Folded: one network needs neither.
 */
import { el } from '../platform/dom.ts';
import { netSettingsText, saveNetSettings } from '../net/index.ts';

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
    said,
  );
}
