/**
 * The console's rewind and run-ahead settings (kept in this browser), sent to the worker with every
 * machine it builds (MachineHost.boot) and whenever they change.
 */
import { choice, flag } from '../platform/settings.ts';
import type { TimeTravelSettings } from '../worker/protocol.ts';

export const REWIND_ON = flag('o2conquest.console.rewind', true);
export const REWIND_SECONDS_CHOICES = ['10', '30', '60', '120', '300'] as const;
export const REWIND_SECONDS = choice<(typeof REWIND_SECONDS_CHOICES)[number]>(
  'o2conquest.console.rewindSeconds',
  REWIND_SECONDS_CHOICES,
  '60',
);
export const RUN_AHEAD = choice<'0' | '1' | '2'>('o2conquest.console.runAhead', ['0', '1', '2'], '0');

/** What the settings ask of the worker now. */
export function timeTravelSettings(): TimeTravelSettings {
  return {
    rewindSeconds: REWIND_ON.get() ? Number(REWIND_SECONDS.get()) : 0,
    runAhead: Number(RUN_AHEAD.get()),
  };
}
