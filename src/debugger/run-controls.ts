/**
 * The one set of run controls of the console page (issue 36): pause, run, the steps, run to the
 * editor's cursor, step back and a frame step. The program panel and the debugger each had their own
 * row of them, so a programmer met two Step buttons that did the same thing in two places; now the page
 * shows this row once, above both panels, whenever either is open, and the keys (F5, F10, F11,
 * Shift+F11) do what its buttons do. A stop is shown by whoever listens to the machine's status (the
 * debugger's boxes, the program panel's line); this row only says a refusal.
 */
import type { DebuggerHost } from './debugger-host.ts';

/** What the row asks of the machine: the debugger's host, or the part of it that runs and steps. */
export type RunHost = Pick<
  DebuggerHost,
  'pause' | 'resume' | 'stepInstruction' | 'stepOver' | 'stepOut' | 'runTo' | 'stepBack' | 'stepFrame' | 'cursorAddress'
>;

export type StepKind = 'step' | 'step-over' | 'step-out';

export class RunControls {
  readonly element = document.createElement('div');

  /** `say`: a refusal (nothing to step back to, no code on the cursor's line), or '' when an action starts. */
  constructor(
    private readonly host: () => RunHost | undefined,
    private readonly say: (text: string) => void,
  ) {
    this.element.className = 'run-controls';
    this.element.id = 'run-controls';
    this.element.setAttribute('role', 'toolbar');
    this.element.setAttribute('aria-label', 'Run and step');
    this.element.hidden = true;
    this.add('Pause', 'debugger-pause', 'Stop the machine where it is (F6)', (h) => h.pause());
    this.add('Run', 'debugger-run', 'Go on, to the next breakpoint or watchpoint (F5)', (h) => h.resume());
    this.add('Step', 'debugger-step', 'Run one instruction (F11; the machine pauses)', () => this.step('step'));
    this.add('Step over', 'debugger-step-over', 'Run a CALL to its return; other instructions: one step (F10)', () =>
      this.step('step-over'),
    );
    this.add('Step out', 'debugger-step-out', 'Run to the RET or RETR that leaves this call (Shift+F11)', () =>
      this.step('step-out'),
    );
    this.add('Run to cursor', 'debugger-run-to', "Run until the CPU reaches the editor's cursor line", (h) => {
      const where = h.cursorAddress();
      if ('why' in where) this.say(where.why);
      else void this.act(() => h.runTo(where.address));
    });
    this.add(
      'Step back',
      'debugger-step-back',
      'One instruction back (an edit where the CPU stands is undone first), as far back as rewind keeps frames',
      (h) => void this.act(() => h.stepBack()),
    );
    this.add('Frame ▸', 'debugger-frame', 'Run one frame and stop (F7)', (h) => void this.act(() => h.stepFrame()));
  }

  /** The keys' steps (F11, F10, Shift+F11), as the buttons do them. */
  step(kind: StepKind): void {
    const h = this.host();
    if (!h) return;
    void this.act(() => (kind === 'step' ? h.stepInstruction() : kind === 'step-over' ? h.stepOver() : h.stepOut()));
  }

  /** Shown while the program panel or the debugger is open (the page says which). */
  show(visible: boolean): void {
    this.element.hidden = !visible;
  }

  private add(text: string, id: string, title: string, onClick: (h: RunHost) => void): void {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.id = id;
    b.title = title;
    b.addEventListener('click', () => {
      const h = this.host();
      if (h) onClick(h);
    });
    this.element.append(b);
  }

  /** Runs an action; a refusal is said, never thrown (the stop itself comes with the machine's status). */
  private async act(action: () => Promise<unknown>): Promise<void> {
    this.say('');
    try {
      await action();
    } catch (e) {
      this.say(e instanceof Error ? e.message.replace(/^Error: /, '') : String(e));
    }
  }
}
