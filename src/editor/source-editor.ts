/**
 * The source panel's code editor (CodeMirror 6): 8048/ASL colouring, line numbers, a gutter for
 * breakpoints (click a line's dot), errors underlined with their message on hover, the line the CPU
 * stopped at highlighted, Ctrl+Enter (Cmd+Enter) to build and Ctrl+F (Cmd+F) to search and replace
 * (CodeMirror's search panel, at the top so it does not hide the status below). One editor state per file, so each
 * file keeps its own undo history when the tabs switch.
 */
import { EditorState, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import type { Extension } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  GutterMarker,
  gutter,
  keymap,
  lineNumbers,
  highlightActiveLine,
} from '@codemirror/view';
import type { DecorationSet } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { asm8048, asmHighlight } from './asm-language.ts';

export interface EditorMark {
  /** 1-based line and column; `length` 0 marks the whole line. */
  line: number;
  column: number;
  length: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

export interface Marks {
  breakpoints: readonly number[];
  diagnostics: readonly EditorMark[];
  /** The line the CPU stopped at in this file, or null. */
  pcLine: number | null;
}

export interface SourceEditorHost {
  build(): void;
  changed(file: string, text: string): void;
  toggleBreakpoint(file: string, line: number): void;
  /** The lines the selection spans (1-based), told whenever it or the text changes (the pixel editor). */
  selected?(first: number, last: number): void;
}

const setMarks = StateEffect.define<Marks>();
const NO_MARKS: Marks = { breakpoints: [], diagnostics: [], pcLine: null };

class BreakpointMarker extends GutterMarker {
  override toDOM(): Node {
    const dot = document.createElement('span');
    dot.className = 'cm-bp-dot';
    dot.textContent = '●';
    return dot;
  }
}
const BREAKPOINT = new BreakpointMarker();

/** Keeps the gutter a dot wide when no line has a breakpoint. */
class SpacerMarker extends GutterMarker {
  override toDOM(): Node {
    const dot = document.createElement('span');
    dot.textContent = '●';
    dot.style.visibility = 'hidden';
    return dot;
  }
}

const marksField = StateField.define<Marks>({
  create: () => NO_MARKS,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setMarks)) return e.value;
    return value;
  },
});

function clampLine(state: EditorState, line: number): number {
  return Math.min(Math.max(1, line), state.doc.lines);
}

/** Underlines, line tints and the CPU's line, rebuilt from the marks whenever they or the text change. */
const decorations = EditorView.decorations.compute([marksField, 'doc'], (state): DecorationSet => {
  const m = state.field(marksField);
  const items: { from: number; to: number; deco: Decoration }[] = [];
  for (const d of m.diagnostics) {
    if (d.line < 1 || d.line > state.doc.lines) continue;
    const line = state.doc.line(d.line);
    items.push({
      from: line.from,
      to: line.from,
      deco: Decoration.line({ class: `cm-diag-line cm-diag-${d.severity}`, attributes: { title: d.message } }),
    });
    const from = Math.min(line.to, line.from + Math.max(0, d.column - 1));
    const to = d.length > 0 ? Math.min(line.to, from + d.length) : line.to;
    if (to > from)
      items.push({
        from,
        to,
        deco: Decoration.mark({ class: `cm-diag-span cm-diag-${d.severity}`, attributes: { title: d.message } }),
      });
  }
  if (m.pcLine !== null && m.pcLine <= state.doc.lines) {
    const line = state.doc.line(clampLine(state, m.pcLine));
    items.push({ from: line.from, to: line.from, deco: Decoration.line({ class: 'cm-pc-line' }) });
  }
  items.sort((a, b) => a.from - b.from || (a.to === a.from ? -1 : 0) - (b.to === b.from ? -1 : 0));
  const builder = new RangeSetBuilder<Decoration>();
  for (const i of items) builder.add(i.from, i.to, i.deco);
  return builder.finish();
});

const theme = EditorView.theme(
  {
    '&': { height: '100%', fontSize: '13px', backgroundColor: '#0e1318', color: '#d4d4d4' },
    '.cm-content': { fontFamily: 'ui-monospace, "DejaVu Sans Mono", monospace', caretColor: '#fff' },
    '.cm-gutters': { backgroundColor: '#121a21', color: '#66727e', border: 'none' },
    '.cm-activeLine': { backgroundColor: '#ffffff0a' },
    '.cm-bp-gutter .cm-gutterElement': { cursor: 'pointer', color: '#e0504a', width: '1.1em', textAlign: 'center' },
    '.cm-diag-span.cm-diag-error': { textDecoration: 'underline wavy #ff6b6b' },
    '.cm-diag-span.cm-diag-warning': { textDecoration: 'underline wavy #e5c07b' },
    '.cm-diag-line.cm-diag-error': { backgroundColor: '#ff6b6b18' },
    '.cm-pc-line': { backgroundColor: '#f2c94c33', outline: '1px solid #f2c94c88' },
    '.cm-panels': { backgroundColor: '#121a21', color: '#d4d4d4' },
    '.cm-searchMatch': { backgroundColor: '#72a1ff40' },
    '.cm-searchMatch-selected': { backgroundColor: '#72a1ff80' },
  },
  { dark: true },
);

export class SourceEditor {
  readonly element: HTMLElement;
  private readonly view: EditorView;
  private readonly states = new Map<string, EditorState>();
  private file = '';

  constructor(private readonly host: SourceEditorHost) {
    this.element = document.createElement('div');
    this.element.className = 'program-editor';
    this.view = new EditorView({ parent: this.element, state: this.create('', '') });
  }

  private extensions(): Extension[] {
    return [
      lineNumbers(),
      gutter({
        class: 'cm-bp-gutter',
        markers: (view) => {
          const m = view.state.field(marksField);
          const builder = new RangeSetBuilder<GutterMarker>();
          for (const line of [...m.breakpoints].sort((a, b) => a - b)) {
            if (line >= 1 && line <= view.state.doc.lines)
              builder.add(view.state.doc.line(line).from, view.state.doc.line(line).from, BREAKPOINT);
          }
          return builder.finish();
        },
        initialSpacer: () => new SpacerMarker(),
        domEventHandlers: {
          mousedown: (view, block) => {
            this.host.toggleBreakpoint(this.file, view.state.doc.lineAt(block.from).number);
            return true;
          },
        },
      }),
      history(),
      highlightActiveLine(),
      search({ top: true }),
      highlightSelectionMatches(),
      asm8048,
      asmHighlight,
      marksField,
      decorations,
      theme,
      keymap.of([
        {
          key: 'Mod-Enter',
          preventDefault: true,
          run: () => {
            this.host.build();
            return true;
          },
        },
        indentWithTab,
        ...searchKeymap,
        ...defaultKeymap,
        ...historyKeymap,
      ]),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) this.host.changed(this.file, u.state.doc.toString());
        if (u.docChanged || u.selectionSet) {
          const { from, to } = u.state.selection.main;
          const last = u.state.doc.lineAt(to);
          // A selection ending at a line's very start (a drag down whole lines) does not take that line.
          const end = to > from && to === last.from ? last.number - 1 : last.number;
          this.host.selected?.(u.state.doc.lineAt(from).number, from === to ? 0 : end);
        }
      }),
    ];
  }

  private create(file: string, text: string): EditorState {
    const state = EditorState.create({ doc: text, extensions: this.extensions() });
    if (file) this.states.set(file, state);
    return state;
  }

  /** Shows `file` (its own state and history if it was shown before and its text is the same). */
  show(file: string, text: string, marks: Marks = NO_MARKS): void {
    if (this.file) this.states.set(this.file, this.view.state);
    const kept = this.states.get(file);
    this.file = file;
    this.view.setState(kept && kept.doc.toString() === text ? kept : this.create(file, text));
    this.mark(marks);
  }

  /** Forgets every file's state (a new set of files was opened). */
  clear(): void {
    this.states.clear();
    this.file = '';
    this.view.setState(this.create('', ''));
  }

  mark(marks: Marks): void {
    this.view.dispatch({ effects: setMarks.of(marks) });
  }

  /** Scrolls `line` into the middle of the view. */
  reveal(line: number): void {
    const state = this.view.state;
    if (state.doc.lines === 0) return;
    const pos = state.doc.line(clampLine(state, line)).from;
    // With the editor wholly in the window (the console's side-by-side layout) only the editor scrolls:
    // CodeMirror's scrollIntoView would also centre the line in the window, moving the page under the picture.
    const box = this.view.dom.getBoundingClientRect();
    if (box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight) {
      const scroller = this.view.scrollDOM;
      const block = this.view.lineBlockAt(pos);
      scroller.scrollTop = Math.max(0, block.top - (scroller.clientHeight - block.height) / 2);
      return;
    }
    this.view.dispatch({ effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
  }

  /** The file shown and the 1-based line the cursor is on. */
  cursor(): { file: string; line: number } {
    const state = this.view.state;
    return { file: this.file, line: state.doc.lineAt(state.selection.main.head).number };
  }

  /** The texts of lines `first` to `last` (1-based) of the file shown. */
  lines(first: number, last: number): string[] {
    const doc = this.view.state.doc;
    const out: string[] = [];
    for (let n = Math.max(1, first); n <= Math.min(last, doc.lines); n++) out.push(doc.line(n).text);
    return out;
  }

  /**
   * Puts `text` in place of line `line`'s: an edit like typing (undone with Ctrl+Z). Only the part that
   * differs is replaced, so a selection ending inside the line (the pixel editor's, over a line of
   * several bytes) keeps its ends.
   */
  replaceLine(line: number, text: string): void {
    const doc = this.view.state.doc;
    if (line < 1 || line > doc.lines) return;
    const { from, text: old } = doc.line(line);
    let head = 0;
    while (head < old.length && head < text.length && old[head] === text[head]) head++;
    let tail = 0;
    while (tail < old.length - head && tail < text.length - head && old.at(-1 - tail) === text.at(-1 - tail)) tail++;
    const changes = { from: from + head, to: from + old.length - tail, insert: text.slice(head, text.length - tail) };
    this.view.dispatch({ changes, userEvent: 'input.pixels' });
  }

  get text(): string {
    return this.view.state.doc.toString();
  }

  focus(): void {
    this.view.focus();
  }

  destroy(): void {
    this.view.destroy();
  }
}
