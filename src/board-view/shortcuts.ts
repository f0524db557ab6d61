// Keyboard shortcuts, listed on screen from this same table so the list can't drift from the code.

export type Command =
  | 'mode-attack'
  | 'mode-buy'
  | 'pass'
  | 'undo'
  | 'redo'
  | 'large-type'
  | 'find-country'
  | 'export'
  | 'import'
  | 'cancel'
  | 'confirm'
  | { digit: number };

export interface Shortcut {
  keys: string;
  does: string;
  command: Command;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'A', does: 'Attack: then pick a country', command: 'mode-attack' },
  { keys: 'B', does: 'Buy an alliance: then pick a country', command: 'mode-buy' },
  { keys: 'P', does: 'Pass the attack option', command: 'pass' },
  { keys: '/', does: 'Type a country name', command: 'find-country' },
  { keys: '0–9', does: 'Digit calls and the readout digit', command: { digit: 0 } },
  { keys: 'Space / Enter', does: 'On a country: tick it / confirm home alliances', command: 'confirm' },
  { keys: 'U or Ctrl+Z', does: 'Undo the last step (battle results too)', command: 'undo' },
  { keys: 'Y or Ctrl+Y / Ctrl+Shift+Z', does: 'Redo the step undone', command: 'redo' },
  { keys: 'L', does: 'Large type on/off', command: 'large-type' },
  { keys: 'E', does: 'Export the game to a file', command: 'export' },
  { keys: 'I', does: 'Go to Import (then Enter)', command: 'import' },
  { keys: 'Esc', does: 'Close the message, leave a text field', command: 'cancel' },
];

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}

/** Maps a key press to a command. Typing in a text field is never taken as a shortcut (only Esc is). */
export function commandFor(e: KeyLike, inTextField: boolean): Command | null {
  if (e.key === 'Escape') return 'cancel';
  if (inTextField) return null;
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') return e.shiftKey ? 'redo' : 'undo';
  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'y') return 'redo';
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (/^[0-9]$/.test(e.key)) return { digit: Number(e.key) };
  switch (e.key.toLowerCase()) {
    case 'a':
      return 'mode-attack';
    case 'b':
      return 'mode-buy';
    case 'p':
      return 'pass';
    case 'u':
      return 'undo';
    case 'y':
      return 'redo';
    case 'l':
      return 'large-type';
    case 'e':
      return 'export';
    case 'i':
      return 'import';
    case '/':
      return 'find-country';
    case 'enter':
      return 'confirm';
    default:
      return null;
  }
}
