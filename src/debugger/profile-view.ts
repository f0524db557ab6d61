/**
 * The cycle profile in the debugger (issue 23): a box that turns it on and shows how much of the frame
 * (5983 cycles on NTSC) the cartridge's code and the BIOS used in the last frames, how much of that
 * was spent waiting in a loop (rom-core/i8048/wait-loop.ts) and so how busy the machine was, and the source
 * lines that took the most cycles (a click shows one in the source editor). The text is made by
 * `profileSummary` and `profileLineText` (DOM-free, for tests).
 */
import type { ProfileInfo, ProfileLine } from '../worker/protocol.ts';

const BARS = '▁▂▃▄▅▆▇█';

/** One character a frame, its height the share of the frame the machine was busy (not waiting). */
export function sparkline(busy: readonly number[], frameCycles: number): string {
  return busy.map((c) => BARS[Math.min(BARS.length - 1, Math.floor((c / frameCycles) * BARS.length))]).join('');
}

/**
 * The frames' part: the last frame (cartridge, BIOS, the wait and what is left: the busy cycles, the
 * figure a program's author watches against the frame), the last frames' busy range, and a bar a frame.
 */
export function profileSummary(p: ProfileInfo): string {
  const whole = Math.round(p.frameCycles);
  const out: string[] = [];
  const last = p.frames.at(-1);
  const busyOf = (f: ProfileInfo['frames'][number]): number => f.cart + f.bios - f.wait;
  if (last) {
    out.push(
      `last frame: cartridge ${last.cart} + BIOS ${last.bios} of ${whole} cycles (cartridge ${percent(last.cart, p.frameCycles)})`,
      `waiting in a loop ${last.wait}: busy ${busyOf(last)} of ${whole} (${percent(busyOf(last), p.frameCycles)})`,
    );
    const busy = p.frames.map(busyOf).sort((a, b) => a - b);
    const median = busy[Math.floor(busy.length / 2)];
    out.push(`last ${busy.length} frames, busy: min ${busy[0]}, median ${median}, max ${busy[busy.length - 1]}`);
    out.push(sparkline(p.frames.slice(-60).map(busyOf), p.frameCycles));
  } else out.push('no whole frame counted yet');
  out.push(`cycles by source line (${p.total} counted):`);
  return out.join('\n');
}

/** One place: its share of all cycles counted, its cycles, and where it is. */
export function profileLineText(l: ProfileLine, total: number): string {
  return `${percent(l.cycles, total).padStart(7)} ${String(l.cycles).padStart(9)}  ${l.where}`;
}

export function profileText(p: ProfileInfo): string {
  return [profileSummary(p), ...p.lines.map((l) => profileLineText(l, p.total))].join('\n');
}

function percent(n: number, of: number): string {
  return `${of > 0 ? ((100 * n) / of).toFixed(1) : '0.0'} %`;
}

export class ProfileView {
  readonly element = document.createElement('div');
  private readonly on = document.createElement('input');
  private readonly pre = document.createElement('pre');

  private readonly list = document.createElement('div');

  /**
   * `setProfile` turns the worker's profile on or off; `refresh` shows the machine again; `showSource`
   * shows a line in the source editor (false when it is not among the sources open), `say` a sentence.
   */
  constructor(
    setProfile: (on: boolean) => Promise<void>,
    refresh: () => Promise<void>,
    private readonly showSource: (file: string, line: number) => boolean,
    private readonly say: (text: string) => void,
  ) {
    this.element.className = 'debugger-box dbg-profile';
    const title = document.createElement('h3');
    title.textContent = 'Cycle profile';
    const label = document.createElement('label');
    this.on.type = 'checkbox';
    this.on.id = 'debugger-profile-on';
    label.append(this.on, ' count cycles by line and frame');
    label.title = 'Every instruction is counted while this is on (the emulation runs a little slower)';
    this.pre.id = 'debugger-profile';
    this.list.id = 'debugger-profile-lines';
    this.list.className = 'dbg-profile-lines';
    this.element.append(title, label, this.pre, this.list);
    this.on.addEventListener('change', () => void setProfile(this.on.checked).then(refresh));
  }

  show(profile: ProfileInfo | undefined): void {
    this.on.checked = profile !== undefined;
    this.pre.textContent = profile ? profileSummary(profile) : 'off';
    this.list.replaceChildren(...(profile?.lines ?? []).map((l) => this.lineItem(l, profile?.total ?? 0)));
  }

  /** A place; a source line of ours is a button that shows it in the editor. */
  private lineItem(l: ProfileLine, total: number): HTMLElement {
    const text = profileLineText(l, total);
    const { file, line } = l;
    if (file === undefined || line === undefined) {
      const div = document.createElement('div');
      div.textContent = text;
      return div;
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.title = `Show ${file}:${line} in the source`;
    b.addEventListener('click', () => {
      if (!this.showSource(file, line)) this.say(`${file} is not among the sources open in the program panel.`);
    });
    return b;
  }
}
