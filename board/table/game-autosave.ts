/**
 * The game session's autosave: each change saved through the `SaveStore` port in order (an older save
 * never lands after a newer one), a storage that never answers counted as failing, the saved game
 * resumed at start-up, and an unreadable save kept aside, never overwritten. The players hear of each
 * failure and of the saves working again through the session's notice.
 */
import { StorageFullError, type SaveStore, type TableClock } from './ports.ts';
import { parseEnvelope, SaveFormatError, type SaveEnvelope } from './save-envelope.ts';
import type { Notice } from './game-view.ts';

/** How long start-up waits for the autosave before going on without it. */
export const LOAD_TIMEOUT_MS = 5000;
/** How long a save may take before it counts as failed (a storage that never answers must not hide that moves are unsaved). */
export const SAVE_TIMEOUT_MS = 5000;

/** The session's notice line, as the autosave reads and writes it. */
export interface NoticeLine {
  get(): Notice | null;
  set(notice: Notice | null): void;
  /** The session's listeners are told (the view draws again). */
  emit(): void;
}

export function readable(e: unknown): string {
  if (e instanceof SaveFormatError) return e.message;
  if (e instanceof Error) return e.message.replace(/\.$/, '');
  return String(e);
}

/** "14:03:07" in the user's time: enough to recognise the moment the page was closed. */
function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

export class GameAutosave {
  /** False until a save landed, and after a failed one (the game is then only in this tab). */
  saved = false;
  /** While set (an unreadable save could not be copied aside), autosave would destroy it: it stays off. */
  blocked = false;
  /** Raw text of an unreadable save found at start-up, so the players can download it. */
  corrupt: string | null = null;
  /** Why the autosave does not work now (its last try failed, or storage did not answer at start-up), or null. */
  private problem: string | null = null;
  /** Serialises saves so an older one can never land after a newer one. */
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: SaveStore,
    private readonly clock: TableClock,
    private readonly notice: NoticeLine,
  ) {}

  /** `work`, or a rejection saying the browser's storage did not answer within `ms`. */
  private answered<T>(work: Promise<T>, ms: number): Promise<T> {
    let cancel: () => void = () => undefined;
    const late = new Promise<never>((_, reject) => {
      cancel = this.clock.later(() => reject(new Error('browser storage did not answer')), ms);
    });
    return Promise.race([work, late]).finally(() => cancel());
  }

  /** While autosave fails, every move says it is not saved (the warning before it was replaced by this move). */
  unsavedNotice(): Notice | null {
    return this.problem === null
      ? null
      : {
          kind: 'error',
          text: `This move is not saved: autosave is failing (${this.problem}). The game is safe in this tab; use Export to save it to a file.`,
        };
  }

  /** Resolves when every save started so far has finished. */
  settled(): Promise<void> {
    return this.saving;
  }

  /** Saves `text` after the saves before it; the notice says when saving fails and when it works again. */
  save(text: string): Promise<void> {
    if (this.blocked) return this.saving;
    this.saving = this.saving.then(async () => {
      try {
        // A save that never answers fails after a while, so the next ones (and the players) are not kept waiting.
        await this.answered(this.store.save(text), SAVE_TIMEOUT_MS);
        this.problem = null;
        const now = this.notice.get();
        const unsaved = now?.kind === 'error' && now.text.startsWith('This move is not saved');
        if (unsaved) this.notice.set({ kind: 'info', text: 'Autosave works again: the game is saved.' });
        // Redraw only when the "saved" mark or the notice changes: a redraw under a finger or a mouse button can eat a click.
        if (this.saved && !unsaved) return;
        this.saved = true;
        if (now?.kind === 'error' && now.text.startsWith('Autosave failed')) {
          this.notice.set({ kind: 'info', text: 'Autosave works again: the game is saved.' });
        }
      } catch (e) {
        this.saved = false;
        const full = e instanceof StorageFullError;
        this.problem = full ? 'browser storage is full' : readable(e);
        this.notice.set({
          kind: 'error',
          text: full
            ? 'Autosave failed: browser storage is full. The game is safe in this tab; use Export to save it to a file.'
            : `Autosave failed (${readable(e)}). The game is safe in this tab; use Export to save it to a file.`,
        });
      }
      this.notice.emit();
    });
    return this.saving;
  }

  /**
   * Resumes the autosaved game, if any, through `restore` (which throws, changing nothing, when the game
   * cannot be rebuilt). A save that can't be read is kept aside, never overwritten.
   */
  async resume(restore: (env: SaveEnvelope) => void): Promise<void> {
    let text: string | null;
    try {
      // A storage that never answers (it happens in some private modes) must not leave the page waiting.
      text = await this.answered(this.store.load(), LOAD_TIMEOUT_MS);
    } catch (e) {
      this.problem = readable(e);
      this.notice.set({
        kind: 'error',
        text: `Autosave is not available (${readable(e)}). Use Export to keep your game in a file.`,
      });
      this.notice.emit();
      return;
    }
    const cutOff = this.store.takeCutOff();
    if (text === null) {
      if (cutOff) {
        this.notice.set({
          kind: 'error',
          text: `The first autosave of the last game (started ${clockTime(cutOff.startedAt)}) did not finish: the page was closed while it was being written. There was no earlier save to go back to.`,
        });
        this.notice.emit();
      }
      return;
    }
    try {
      restore(parseEnvelope(text));
      this.saved = true;
      this.notice.set(
        cutOff
          ? {
              kind: 'error',
              text: `The last autosave (started ${clockTime(cutOff.startedAt)}) did not finish: the page was closed while it was being written. Resumed the game as it was saved before it; the last step may be missing.`,
            }
          : { kind: 'info', text: 'Resumed the saved game.' },
      );
    } catch (e) {
      await this.setAside(text, e);
    }
    this.notice.emit();
  }

  private async setAside(text: string, e: unknown): Promise<void> {
    let where: string;
    try {
      where = ` It was kept in browser storage as "${await this.store.keepAside(text)}".`;
    } catch {
      where = ' It could not be copied aside, so autosave stays off until you start or load a game.';
      this.blocked = true;
    }
    this.corrupt = text;
    this.notice.set({
      kind: 'error',
      text: `The saved game could not be read: ${readable(e)}.${where} Use "Download unreadable save" to keep a copy.`,
    });
  }
}
