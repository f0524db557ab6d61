/**
 * The debugger's VDC box (issue 23): the sprites, characters and quads the registers hold, each with
 * its registers, its box in picture pixels (the unit said above the list), glyphs and colours (vdc-format.ts), the control and colour
 * registers in words, and on request those boxes drawn over the picture (vdc-overlay.ts). Only the
 * objects drawn are listed unless "all" is ticked; hovering or focusing a line (or clicking it, which
 * keeps it) makes its box stand out on the picture. Drawn afresh from each DebugInfo.
 */
import { vdcObjects } from '../../rom-core/i8244/index.ts';
import type { VdcPicture } from '../../rom-core/i8244/index.ts';
import { el } from '../platform/dom.ts';
import { flag } from '../platform/settings.ts';
import type { DebugInfo } from '../worker/protocol.ts';
import { UNIT_TEXT, controlText, listed, objectText } from './vdc-format.ts';
import { VdcOverlay } from './vdc-overlay.ts';

const SHOW_ALL = flag('o2conquest.debugger.vdcAll');
const OVERLAY = flag('o2conquest.debugger.vdcOverlay');

export class VdcView {
  readonly element: HTMLDetailsElement;
  private readonly control = el('pre', { id: 'debugger-vdc-control' });
  private readonly list = el('div', { id: 'debugger-vdc-list', class: 'dbg-vdc-list' });
  private readonly all: HTMLInputElement;
  private readonly overlayOn: HTMLInputElement;
  private readonly overlay: VdcOverlay | undefined;
  private picture: VdcPicture | undefined;
  /** The line clicked (kept) and the one under the pointer or focused (passing). */
  private pinned: string | undefined;
  private hovered: string | undefined;

  /** `picture`: the element holding the console's picture canvas, when there is one to draw over. */
  constructor(picture: HTMLElement | undefined) {
    this.all = el('input', { type: 'checkbox', id: 'debugger-vdc-all' });
    this.all.checked = SHOW_ALL.get();
    this.all.addEventListener('change', () => {
      SHOW_ALL.set(this.all.checked);
      this.draw();
    });
    this.overlayOn = el('input', { type: 'checkbox', id: 'debugger-vdc-overlay' });
    this.overlayOn.checked = OVERLAY.get();
    this.overlayOn.disabled = !picture;
    this.overlay = picture ? new VdcOverlay(picture) : undefined;
    this.overlay?.setOn(this.overlayOn.checked);
    this.overlayOn.addEventListener('change', () => {
      OVERLAY.set(this.overlayOn.checked);
      this.overlay?.setOn(this.overlayOn.checked);
    });
    this.element = el(
      'details',
      { class: 'debugger-box dbg-vdc-objects', id: 'debugger-vdc-objects' },
      el('summary', {}, el('h3', { text: 'VDC objects (sprites, characters, quads, grid)' })),
      el(
        'div',
        { class: 'dbg-vdc-bar' },
        el('label', {}, this.overlayOn, ' Show objects on the picture'),
        el('label', {}, this.all, ' List hidden objects too'),
      ),
      el('p', { class: 'dbg-vdc-unit', id: 'debugger-vdc-unit', text: UNIT_TEXT }),
      this.control,
      this.list,
    );
    this.list.addEventListener('mouseleave', () => this.hover(undefined));
  }

  show(info: DebugInfo): void {
    this.picture = vdcObjects(info.vdc, info.vdcNtsc);
    this.draw();
  }

  destroy(): void {
    this.overlay?.destroy();
  }

  private highlight(): string | undefined {
    return this.hovered ?? this.pinned;
  }

  private hover(label: string | undefined): void {
    this.hovered = label;
    this.overlay?.setHighlight(this.highlight());
  }

  private draw(): void {
    const p = this.picture;
    if (!p) return;
    this.control.textContent = controlText(p);
    const objects = listed(p, this.all.checked);
    const lines = objects.map((o) => {
      const line = el('div', {
        class: `dbg-vdc-obj ${o.kind}${o.visible ? '' : ' hidden'}${o.label === this.pinned ? ' pinned' : ''}`,
        tabindex: '0',
        text: objectText(o),
      });
      line.dataset.label = o.label;
      line.title = 'Hover or click to mark it on the picture';
      line.addEventListener('mouseenter', () => this.hover(o.label));
      line.addEventListener('focus', () => this.hover(o.label));
      line.addEventListener('blur', () => this.hover(undefined));
      line.addEventListener('click', () => {
        this.pinned = this.pinned === o.label ? undefined : o.label;
        this.draw();
      });
      return line;
    });
    if (lines.length === 0) lines.push(el('div', { class: 'dbg-vdc-none', text: 'No object is drawn.' }));
    this.list.replaceChildren(...lines);
    this.overlay?.show(
      p,
      objects.filter((o) => o.visible),
      this.highlight(),
    );
  }
}
