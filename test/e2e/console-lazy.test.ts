/**
 * The console's first picture waits for none of its closed panels (issue 38): a cold load of #/console
 * fetches no script of the program panel's editor (CodeMirror), of the debugger or of the board's game
 * (XState, which the share link's codec used to bring in), and shows none of them; opened, each loads
 * and works: the editor's "New program" builds and runs, F9 shows the registers (three F9s in a row, the
 * script still coming, show it once), and F9 closes it.
 * The scripts are told by what is in them, not by their file names (which the bundler may change).
 */
import { describe, expect, it } from 'vitest';
import { appUrl, browserForTests } from './browser.ts';
import { poll, waitReady } from './console-helpers.ts';

/** Words only the minified script of each part holds (CodeMirror's view, the debugger's boxes, XState). */
const SIGNS = { editor: 'cm-content', debugger: 'debugger-regs', board: 'createMachine' } as const;
type Part = keyof typeof SIGNS;

/** The parts of SIGNS whose words are in the scripts fetched so far. */
async function partsLoaded(texts: Promise<string>[]): Promise<Part[]> {
  const all = await Promise.all(texts);
  return (Object.keys(SIGNS) as Part[]).filter((p) => all.some((t) => t.includes(SIGNS[p])));
}

describe('the console loads its closed panels when they are opened', () => {
  const browser = browserForTests();

  it('no editor, debugger or board script before the first picture; each loads when opened and works', async () => {
    const page = await browser().newPage({ viewport: { width: 1280, height: 800 } });
    // Every script the page fetches, as text (listened to before the page loads).
    const texts: Promise<string>[] = [];
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) texts.push(r.text().catch(() => ''));
    });
    await page.goto(appUrl('/?cart=console-test#/console'));
    await waitReady(page);
    await page.waitForFunction(() => window.__o2console?.firstFrameAt !== undefined);

    expect(await partsLoaded(texts)).toEqual([]);
    expect(await page.locator('.cm-editor').count()).toBe(0);
    expect(await page.locator('#console-debugger').count()).toBe(0);
    expect(await page.locator('#console-program > summary').isVisible()).toBe(true);

    // The summary's click opens the panel; the editor comes, and it builds and runs a program.
    await page.locator('#console-program > summary').click();
    await page.locator('#console-program .cm-editor').waitFor();
    expect(await partsLoaded(texts)).toEqual(['editor']);
    await page.locator('#program-new').click();
    await poll(() => page.locator('#console-program').getAttribute('data-build')).toBe('running');
    expect(await page.locator('#console-program .cm-line', { hasText: 'org' }).count()).toBeGreaterThan(0);

    // F9 three times at once (the first two most likely before the debugger's script has come): shown, once.
    await page.keyboard.press('F9');
    await page.keyboard.press('F9');
    await page.keyboard.press('F9');
    await page.locator('#debugger-regs').waitFor();
    expect(await partsLoaded(texts)).toEqual(['editor', 'debugger']);
    expect(await page.locator('#console-debugger').count()).toBe(1);
    await page.keyboard.press('F9');
    await poll(() => page.locator('#console-debugger').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
