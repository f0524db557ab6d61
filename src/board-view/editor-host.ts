import { h } from '../platform/h.ts';
import { downloadText } from '../platform/download.ts';
import { serializeScenario, world1982, type Scenario, type GameSession } from '../../board/index.ts';
import { loadText, newScenarioDraft, pendingProblems, scenarioFileName, type ScenarioDraft } from './scenario-draft.ts';
import type { ScenarioStore } from './scenario-store.ts';
import { renderScenarioEditor, type SavedList } from './view-scenario.ts';

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The what-if editor as the board view hosts it (opened from the setup screen): its draft, its saved list, its file input. */
export class EditorHost {
  draft: ScenarioDraft | null = null;
  private saved: SavedList = { scenarios: null, note: null };
  /** Stays in the page: moving a file input in a redraw while its picker opens can cancel the picker. */
  readonly fileInput = h('input', {
    type: 'file',
    accept: '.json,application/json',
    class: 'bv-hidden',
    id: 'bv-scenario-file',
    'data-key': 'scenario-file',
    'aria-label': 'Load a scenario file',
    tabindex: -1,
  });

  constructor(
    private readonly controller: GameSession,
    private readonly store: ScenarioStore,
    private readonly root: HTMLElement,
    private readonly draw: () => void,
  ) {
    this.fileInput.addEventListener('change', async () => {
      const file = this.fileInput.files?.[0];
      this.fileInput.value = '';
      if (!file || !this.draft) return;
      loadText(this.draft, await file.text(), `"${file.name}"`);
      this.draw();
    });
  }

  open(): void {
    this.draft = newScenarioDraft(this.controller.scenario());
    this.draw();
    this.root.querySelector<HTMLElement>('[data-key="editor-title"]')?.focus();
    void this.refreshSaved();
  }

  close(): void {
    this.draft = null;
    this.draw();
    this.root.querySelector<HTMLElement>('[data-key="open-editor"]')?.focus();
  }

  render(): HTMLElement[] {
    if (!this.draft) return [];
    const editor = renderScenarioEditor(this.draft, this.saved, {
      redraw: this.draw,
      save: () => void this.save(),
      load: () => this.fileInput.click(),
      play: () => this.play(),
      close: () => this.close(),
      reset: () => {
        if (this.draft) {
          this.draft = newScenarioDraft(world1982());
          this.say('info', 'Started again from the world of 1982.');
        }
      },
      open: (x: Scenario) => {
        this.draft = newScenarioDraft(x);
        this.say('info', `Opened "${x.name}".`);
      },
      remove: (name: string) =>
        void this.store.remove(name).then(
          () => this.refreshSaved(),
          (e: unknown) => this.say('error', `Could not delete "${name}" (${reason(e)}).`),
        ),
    });
    return this.saved.note ? [editor, h('p', { class: 'bv-error' }, this.saved.note)] : [editor];
  }

  private say(kind: 'info' | 'error', text: string): void {
    if (this.draft) {
      this.draft.message = { kind, text };
      this.draw();
    }
  }

  private async refreshSaved(): Promise<void> {
    try {
      const r = await this.store.list();
      this.saved = {
        scenarios: r.scenarios,
        note: r.unreadable ? `${r.unreadable} saved scenario(s) could not be read and are not listed.` : null,
      };
    } catch (e) {
      this.saved = { scenarios: [], note: `Saved scenarios are not available (${reason(e)}).` };
    }
    this.draw();
  }

  private async save(): Promise<void> {
    if (!this.draft) return;
    if (pendingProblems(this.draft)) {
      this.say('error', 'Not saved: fix or undo the fields marked in red first.');
      return;
    }
    const s = this.draft.scenario;
    const file = scenarioFileName(s);
    downloadText(serializeScenario(s), file, 'application/json');
    try {
      await this.store.save(s);
      this.say('info', `Saved "${s.name}": downloaded as ${file} and kept in this browser.`);
    } catch (e) {
      this.say('error', `Downloaded as ${file}, but it could not be kept in this browser (${reason(e)}).`);
    }
    await this.refreshSaved();
  }

  private play(): void {
    if (!this.draft) return;
    if (pendingProblems(this.draft)) {
      this.say('error', 'Fix or undo the fields marked in red before playing this scenario.');
      return;
    }
    const s = this.draft.scenario;
    this.controller.newGame(s, `The board is now "${s.name}". Set up the players to start.`);
    this.close();
  }
}
