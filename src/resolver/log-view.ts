/** The session log on the page: the battles resolved, newest first, with CSV and JSON export. */
import { button, h } from '../platform/h.ts';
import { downloadText } from '../platform/download.ts';
import type { SessionLog } from './session-log.ts';

export function renderLog(log: SessionLog, clear: () => void): HTMLElement {
  const n = log.entries.length;
  const stamp = new Date().toISOString().slice(0, 10);
  return h(
    'section',
    { class: 'rs-log', id: 'rs-log', 'data-count': n },
    h('h2', {}, `Session log (${n} ${n === 1 ? 'battle' : 'battles'})`),
    h(
      'p',
      { class: 'rs-row' },
      button('Export CSV', 'export-csv', () => downloadText(log.toCsv(), `resolver-log-${stamp}.csv`, 'text/csv'), {
        disabled: n === 0,
      }),
      button('Export JSON', 'export-json', () => downloadText(log.toJson(), `resolver-log-${stamp}.json`), {
        disabled: n === 0,
      }),
      button('Clear the log', 'clear-log', clear, { disabled: n === 0 }),
    ),
    log.problem ? h('p', { class: 'rs-error', role: 'alert' }, log.problem) : null,
    n === 0
      ? h(
          'p',
          { class: 'rs-hint' },
          'No battle resolved yet: each result is kept here, in this browser, for the umpire.',
        )
      : null,
    h(
      'ol',
      { class: 'rs-log-list', reversed: true },
      [...log.entries]
        .reverse()
        .map((e, i) =>
          h(
            'li',
            { 'data-entry': n - i },
            h(
              'span',
              { class: 'rs-log-head' },
              `${e.game} · ${e.area} · ${e.forces.attacker} v ${e.forces.defender} · energy ${e.energy.attacker}/${e.energy.defender} → left ${e.left.attacker}/${e.left.defender} · column ${e.column}${e.die ? ` · die ${e.die}` : ''}`,
            ),
            h('span', { class: 'rs-log-text' }, e.text),
          ),
        ),
    ),
  );
}
