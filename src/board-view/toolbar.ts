import { button, h } from '../platform/h.ts';

export interface ToolbarContext {
  phase: string;
  canUndo: boolean;
  canRedo: boolean;
  large: boolean;
  /** "New game" pressed once: the toolbar asks to confirm. */
  confirmNew: boolean;
  undo(): void;
  redo(): void;
  toggleLarge(): void;
  exportGame(): void;
  importGame(): void;
  askNew(): void;
  newGame(): void;
  keepPlaying(): void;
}

/** The game tools: undo, redo, large type, export, import and a new game (asked twice). */
export function renderToolbar(t: ToolbarContext): HTMLElement {
  return h(
    'div',
    { class: 'bv-tools', role: 'toolbar', 'aria-label': 'Game tools' },
    // Left enabled when the engine has nothing to undo, so pressing it says why (e.g. a battle stands).
    button('Undo (U)', 'undo', t.undo, { class: t.canUndo ? '' : 'bv-not-legal', 'data-can-undo': String(t.canUndo) }),
    button('Redo (Y)', 'redo', t.redo, { class: t.canRedo ? '' : 'bv-not-legal', 'data-can-redo': String(t.canRedo) }),
    button(t.large ? 'Normal type (L)' : 'Large type (L)', 'large', t.toggleLarge, { 'aria-pressed': String(t.large) }),
    button('Export (E)', 'export', t.exportGame),
    // A real button opens the file picker (a label can't be pressed from the keyboard).
    button('Import… (I)', 'import', t.importGame),
    t.phase === 'setup'
      ? null
      : t.confirmNew
        ? h(
            'span',
            { class: 'bv-confirm', role: 'group', 'aria-label': 'Start a new game?' },
            'Start a new game? ',
            button('Yes, new game', 'new-game-yes', t.newGame),
            button('Keep playing', 'new-game-no', t.keepPlaying),
          )
        : button('New game', 'new-game', t.askNew),
  );
}
