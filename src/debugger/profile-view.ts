/**
 * The cycle profile in the debugger (issue 23): a box that turns it on and shows how much of the frame
 * (5983 cycles on NTSC) the cartridge's code and the BIOS used in the last frames, and the source
 * lines that took the most cycles. The text is made by `profileText` (DOM-free, for tests).
 */
import type { ProfileInfo } from '../worker/protocol.ts';

const BARS = '▁▂▃▄▅▆▇█';

/** One character a frame, its height the share of the frame the cartridge's code used. */
export function sparkline(cart: readonly number[], frameCycles: number): string {
  return cart.map((c) => BARS[Math.min(BARS.length - 1, Math.floor((c / frameCycles) * BARS.length))]).join('');
}

export function profileText(p: ProfileInfo): string {
  const whole = Math.round(p.frameCycles);
  const percent = (n: number, of: number): string => `${of > 0 ? ((100 * n) / of).toFixed(1) : '0.0'} %`;
  const out: string[] = [];
  const last = p.frames.at(-1);
  if (last) {
    out.push(
      `last frame: cartridge ${last.cart} + BIOS ${last.bios} of ${whole} cycles (cartridge ${percent(last.cart, p.frameCycles)})`,
    );
    const carts = p.frames.map((f) => f.cart).sort((a, b) => a - b);
    const median = carts[Math.floor(carts.length / 2)];
    out.push(
      `last ${carts.length} frames, cartridge: min ${carts[0]}, median ${median}, max ${carts[carts.length - 1]}`,
    );
    out.push(
      sparkline(
        p.frames.slice(-60).map((f) => f.cart),
        p.frameCycles,
      ),
    );
  } else out.push('no whole frame counted yet');
  out.push(`cycles by source line (${p.total} counted):`);
  for (const l of p.lines)
    out.push(`${percent(l.cycles, p.total).padStart(7)} ${String(l.cycles).padStart(9)}  ${l.where}`);
  return out.join('\n');
}

export class ProfileView {
  readonly element = document.createElement('div');
  private readonly on = document.createElement('input');
  private readonly pre = document.createElement('pre');

  /** `setProfile` turns the worker's profile on or off; `refresh` shows the machine again. */
  constructor(setProfile: (on: boolean) => Promise<void>, refresh: () => Promise<void>) {
    this.element.className = 'debugger-box dbg-profile';
    const title = document.createElement('h3');
    title.textContent = 'Cycle profile';
    const label = document.createElement('label');
    this.on.type = 'checkbox';
    this.on.id = 'debugger-profile-on';
    label.append(this.on, ' count cycles by line and frame');
    label.title = 'Every instruction is counted while this is on (the emulation runs a little slower)';
    this.pre.id = 'debugger-profile';
    this.element.append(title, label, this.pre);
    this.on.addEventListener('change', () => void setProfile(this.on.checked).then(refresh));
  }

  show(profile: ProfileInfo | undefined): void {
    this.on.checked = profile !== undefined;
    this.pre.textContent = profile ? profileText(profile) : 'off';
  }
}
