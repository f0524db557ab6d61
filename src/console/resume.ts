/**
 * Resume on reload: while the console page shows the machine, its autosaves (about once a second, from
 * the worker) go to a save-state slot of the console's own; a reload of #/console goes on from there,
 * says so, and offers to start afresh. The slot is neither the user's (1-4) nor the table's (0) nor
 * the resolver's (5), so resuming never overwrites a save someone made on purpose.
 */
import { button } from '../platform/dom.ts';
import { errorText } from '../machine/machine-host.ts';
import type { MachineHost } from '../machine/machine-host.ts';
import { autosaveMachine } from '../machine/autosave.ts';

export const RESUME_SLOT = 6;

export interface ResumeOptions {
  /** Shows a sentence in the page's message line, with a button after it when given. */
  say(text: string, kind: 'info' | 'error', action?: HTMLButtonElement): void;
  /** Whether the message line holds an error now (a resume note must not hide it). */
  showingError(): boolean;
}

export class ConsoleResume {
  /**
   * Autosaves wait until the restore is over: the fresh machine's first autosave must not replace the
   * moment being resumed before it has been read.
   */
  private restoring = true;
  private readonly stop: () => void;

  constructor(
    private readonly host: MachineHost,
    private readonly options: ResumeOptions,
  ) {
    this.stop = host.on({ autosave: (state, frame) => void this.save(state, frame) });
  }

  private async save(state: Uint8Array, frame: number): Promise<void> {
    if (this.restoring) return;
    // A full storage: the next autosave tries again; the game goes on and the user's slots still work.
    await autosaveMachine(this.host, RESUME_SLOT, state, frame);
  }

  /**
   * Goes on from the autosave of this BIOS and cartridge when the page has just been loaded
   * (`fresh`); coming back from another page, the machine is still where it was and nothing is done.
   */
  async restore(fresh: boolean): Promise<void> {
    try {
      if (fresh) await this.load();
    } finally {
      this.restoring = false;
    }
  }

  private async load(): Promise<void> {
    const host = this.host;
    let frame: number;
    try {
      const saved = await host.store?.getState(host.machineKey, RESUME_SLOT);
      if (!saved || !host.runtime) return;
      frame = await host.runtime.api.loadState(saved.bytes);
    } catch (e) {
      this.options.say(
        `The console could not go on from where you were (${errorText(e)}); it started afresh.`,
        'error',
      );
      // Kept aside, not replaced by the next autosave (nothing a player had is lost).
      await host.store?.setStateAside(host.machineKey, RESUME_SLOT, `was refused by the machine (${errorText(e)})`);
      return;
    }
    // A notice from the start (a save cut off by a closed tab) matters more than this one.
    if (this.options.showingError()) return;
    const afresh = button(
      'console-afresh',
      'Start afresh',
      'Switch the console off and on: the game starts from the beginning',
      () => void this.afresh(),
    );
    this.options.say(`Resumed at frame ${frame}.`, 'info', afresh);
  }

  private async afresh(): Promise<void> {
    const host = this.host;
    if (!host.runtime) return;
    const why = host.switchRefusal();
    if (why) {
      this.options.say(`The console was not switched off: ${why}`, 'error');
      return;
    }
    await host.runtime.api.powerCycle();
    this.options.say('Started afresh (switched off and on).', 'info');
  }

  destroy(): void {
    this.stop();
  }
}
