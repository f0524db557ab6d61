/**
 * "More controls" row for rewind and run-ahead: rewind on or off with the seconds kept, and 0-2
 * frames of run-ahead. Each change is kept (src/machine/time-travel.ts) and sent to the worker.
 */
import { el } from '../platform/dom.ts';
import { REWIND_ON, REWIND_SECONDS, REWIND_SECONDS_CHOICES, RUN_AHEAD } from '../machine/time-travel.ts';

export function timeTravelControls(apply: () => void): HTMLElement {
  const on = el('input', { type: 'checkbox', id: 'console-rewind' });
  on.checked = REWIND_ON.get();
  const seconds = el(
    'select',
    { id: 'console-rewind-seconds', title: 'How far back rewind can go' },
    ...REWIND_SECONDS_CHOICES.map((s) => el('option', { value: s, text: `${s} s` })),
  );
  seconds.value = REWIND_SECONDS.get();
  seconds.disabled = !on.checked;
  const ahead = el(
    'select',
    { id: 'console-run-ahead', title: 'Show the picture this many frames ahead: the game answers the controls sooner' },
    el('option', { value: '0', text: 'off' }),
    el('option', { value: '1', text: '1 frame' }),
    el('option', { value: '2', text: '2 frames' }),
  );
  ahead.value = RUN_AHEAD.get();
  on.addEventListener('change', () => {
    REWIND_ON.set(on.checked);
    seconds.disabled = !on.checked;
    apply();
  });
  seconds.addEventListener('change', () => {
    REWIND_SECONDS.set(seconds.value as (typeof REWIND_SECONDS_CHOICES)[number]);
    apply();
  });
  ahead.addEventListener('change', () => {
    RUN_AHEAD.set(ahead.value as '0' | '1' | '2');
    apply();
  });
  return el(
    'div',
    { class: 'more-row' },
    el(
      'label',
      {
        title:
          'Hold ` (left of 1), or a pad’s left shoulder, to run the game backwards; with Shift (or the left trigger) twice as fast; paused, each press goes one frame back',
      },
      on,
      ' rewind ',
    ),
    el('label', {}, 'keep ', seconds),
    el('label', {}, 'run-ahead ', ahead),
  );
}
