import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appUrl, browserForTests, downloadBytes, openApp } from './browser.ts';
import { iram, poll, waitReady } from './console-helpers.ts';
import { assemble } from '../../rom-core/asm/index.ts';
import { KEY_MATRIX, keyCodeOf } from '../../rom-core/machine/input.ts';
import { KNOWN_CARTS } from '../../rom-core/machine/known-carts.ts';
import { forgeCrc } from '../harness/forge-crc.ts';

const cart = assemble(readFileSync(new URL('../../src/worker/carts/console-test.a48', import.meta.url), 'utf8'), {
  fileName: 'console-test.a48',
});
const hex3 = (n: number): string => n.toString(16).toUpperCase().padStart(3, '0');

// One browser for the file's six groups: each test has a context of its own (its own storage, service
// worker and permissions), which is what keeps the tests apart; a launch and a close cost about 1.5 s each
// time on two CPUs.
const browser = browserForTests();

describe('console tools', () => {
  it('the on-screen keyboard and stick reach the machine', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    // The Keyboard button really shows and hides the panel (a CSS display rule once overrode [hidden]).
    const panel = page.locator('.o2-touch');
    const shownAtStart = await panel.isVisible();
    await page.locator('#console-keyboard').click();
    await poll(() => panel.isVisible()).toBe(!shownAtStart);
    if (!(await panel.isVisible())) await page.locator('#console-keyboard').click();
    await poll(() => panel.isVisible()).toBe(true);
    const key = page.locator('.o2-key[data-key="K"]');
    await key.scrollIntoViewIfNeeded();
    const box = (await key.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await poll(() => iram(page, 0x2b)).toBe(KEY_MATRIX.K);
    await page.mouse.up();
    await poll(() => iram(page, 0x2b)).toBe(0xff);
    await page.locator('.o2-stick-btn[data-stick="J0_FIRE"]').scrollIntoViewIfNeeded();
    const fire = (await page.locator('.o2-stick-btn[data-stick="J0_FIRE"]').boundingBox())!;
    await page.mouse.move(fire.x + fire.width / 2, fire.y + fire.height / 2);
    await page.mouse.down();
    await poll(() => iram(page, 0x28)).toBe(0xff & ~0x10);
    await page.mouse.up();
    await poll(() => iram(page, 0x28)).toBe(0xff);
    expect(errors).toEqual([]);
  });

  it('the debugger stops at a breakpoint, shows our source and steps an instruction', async () => {
    const vbl = cart.symbols.get('vbl');
    expect(vbl).toBeDefined();
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    await page.locator('#console-debug').click();
    await page.locator('#debugger-tab-breaks').click();
    await page.locator('#debugger-bp-address').fill(`0x${hex3(vbl!)}`);
    await page.locator('#debugger-bp-add').click();
    // One stopped state: the status line and the debugger say the same sentence, PC and frame.
    await poll(() => page.locator('#console-message').textContent()).toMatch(
      new RegExp(`^Paused: breakpoint: PC ${hex3(vbl!)}h, frame \\d+\\.$`),
    );
    const said = (await page.locator('#console-message').textContent())!.replace(/^Paused: /, '').replace(/\.$/, '');
    await poll(() => page.locator('#debugger-stop').textContent()).toBe(said);
    expect(said).toBe(
      `breakpoint: PC ${hex3(vbl!)}h, frame ${await page.evaluate(async () => (await window.__o2console!.runtime()!.api.debugInfo()).frame)}`,
    );
    // Stopped before the instruction itself, not at the end of its frame.
    await page.locator('#debugger-tab-cpu').click();
    expect(await page.locator('#debugger-regs').textContent()).toContain(`PC ${hex3(vbl!)}`);
    // Every register line fits the CPU column (at Playwright's default 1280 px wide), none cut off;
    // the beam's line and dot are one of them.
    expect(page.viewportSize()!.width).toBe(1280);
    expect(
      await page
        .locator('#debugger-regs')
        .evaluate((e) => [e.scrollWidth <= e.clientWidth, e.textContent!.split('\n').length]),
    ).toEqual([true, 7]);
    expect(await page.locator('#debugger-regs').textContent()).toMatch(/\nbeam: line \d+, dot \d+\n/);
    expect(await page.locator('.dbg-line.current').getAttribute('data-address')).toBe(hex3(vbl!));
    const lines = await page.locator('.dbg-line').allTextContents();
    expect(lines.some((l) => l.includes('console-test.a48:') && l.includes('movx a,@r0'))).toBe(true);
    const pcBefore = /PC ([0-9A-F]{3})/.exec((await page.locator('#debugger-regs').textContent())!)![1];
    await page.locator('#debugger-step').click();
    await poll(async () => /PC ([0-9A-F]{3})/.exec((await page.locator('#debugger-regs').textContent())!)![1]).not.toBe(
      pcBefore,
    );
    await page.locator('#debugger-tab-breaks').click();
    await page.locator('#debugger-bp-clear').click();
    await poll(() => page.locator('#debugger-regs').textContent()).toContain('breakpoints: none');
    expect(errors).toEqual([]);
  });

  it('at 1280×800 the whole picture is in view without scrolling, the controls are labelled and focusable', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitReady(page);
    await poll(async () => {
      const box = (await page.locator('#console-screen canvas').boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 800 && box.height >= 2 * 243;
    }).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The primary controls share one row (same top edge), above the screen.
    const tops = await Promise.all(
      [
        '#console-pause',
        '#console-reset',
        '#console-slot',
        '#console-save',
        '#console-load',
        '#console-fullscreen',
        '#console-volume',
        '#console-mute',
      ].map(async (id) => Math.round((await page.locator(id).boundingBox())!.y / 10)),
    );
    expect(tops.filter((t) => Math.abs(t - tops[0]) > 1)).toEqual([]);
    // Every button has a visible label and a title, and takes keyboard focus with a visible ring.
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLButtonElement>('#console button')]
        .filter((b) => !b.hidden && b.offsetParent !== null && !b.textContent?.trim() && !b.getAttribute('aria-label'))
        .map((b) => b.id),
    );
    expect(unlabelled).toEqual([]);
    await page.locator('#console-debug').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('console-debug');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    // The sound prompt is drawn with an inline SVG and plain text (no emoji a font may lack).
    const prompt = await page
      .locator('#console-sound-prompt')
      .evaluate((b) => ({ svg: b.querySelector('svg') !== null, text: b.textContent ?? '' }));
    expect(prompt.svg).toBe(true);
    expect(prompt.text).toMatch(/^[\u0020-\u024f\u2014]+$/);
    // Once the sound is unlocked the prompt is gone from view, not just marked hidden. The test cartridge is
    // silent until a key is held, and a silent machine's context sleeps again at once (src/audio/output.ts), so
    // the context's state right after the click is a race: the tone a key plays is what shows the sound runs.
    await page.locator('#console-screen').click();
    await poll(() => page.locator('#console-sound-prompt').isHidden()).toBe(true);
    await page.evaluate((one) => window.__o2console!.runtime()!.sendKey(one, true), keyCodeOf('1'));
    await poll(() =>
      page.evaluate(() => (window as unknown as { Howler: { ctx: AudioContext } }).Howler.ctx.state),
    ).toBe('running');
    await page.evaluate((one) => window.__o2console!.runtime()!.sendKey(one, false), keyCodeOf('1'));
    expect(errors).toEqual([]);
  });

  it('sound that starts late does not play a backlog: the queue is back near its 30 ms target', async () => {
    type Stats = { queuedMs: number; dropped: number };
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    const howlerState = () =>
      page.evaluate(() => (window as unknown as { Howler: { ctx: AudioContext } }).Howler.ctx.state);
    // As before a user's first gesture: the context is suspended while the worker keeps sending sound (the test
    // cartridge's tone while a key is held; a silent machine sends none: src/worker/sound-rest.ts).
    const received = () =>
      page.evaluate(async () => ((await window.__o2console!.audioStats()) as { received: number }).received);
    const before = await received();
    await page.evaluate((one) => window.__o2console!.runtime()!.sendKey(one, true), keyCodeOf('1'));
    // The tone has woken the sound (a silent machine's context sleeps) and flows: a tenth of a second of it.
    await poll(received).toBeGreaterThan(before + 4800);
    await poll(howlerState).toBe('running');
    await page.evaluate(() => (window as unknown as { Howler: { ctx: AudioContext } }).Howler.ctx.suspend());
    await poll(howlerState).toBe('suspended');
    await poll(
      async () => ((await page.evaluate(() => window.__o2console!.audioStats())) as Stats).dropped,
    ).toBeGreaterThan(0);
    expect(((await page.evaluate(() => window.__o2console!.audioStats())) as Stats).queuedMs).toBeGreaterThan(150);
    await page.locator('#console-screen').click();
    await poll(howlerState).toBe('running');
    await poll(() => page.locator('#console-sound-prompt').isHidden()).toBe(true);
    expect(((await page.evaluate(() => window.__o2console!.audioStats())) as Stats).queuedMs).toBeLessThan(100);
    await page.evaluate((one) => window.__o2console!.runtime()!.sendKey(one, false), keyCodeOf('1'));
    expect(errors).toEqual([]);
  });

  it('fast-forward runs several frames per tick and normal speed returns', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    await page.locator('#console-ff').click();
    await poll(() => page.locator('#console-ff').getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(async () => (await window.__o2console!.runtime()!.api.stats()).speed)).toBe(4);
    await page.locator('#console-ff').click();
    await poll(() => page.locator('#console-ff').getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
  });
});

describe('console offline', () => {
  it('starts again with the network gone once it has been opened (service worker), the parts it loads when asked included', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(new URL('/?cart=console-test#/console', (await import('vitest')).inject('baseUrl')).toString());
    await waitReady(page);
    // The service worker has stored the files the page loaded (the worker script among them) and the build's
    // other files: the program editor and the board's section, which this visit never opened. The worker
    // stores the build's files as it installs, so it is waited for in charge of the page too (activated and
    // claiming it), or the reload would go past it to the network.
    await poll(() =>
      page.evaluate(async () => {
        const keys = await (await caches.open('o2conquest-v1')).keys();
        return (
          navigator.serviceWorker.controller !== null &&
          ['emulator.worker', 'o2-sound.worklet', '/program-panel-', '/board-view-'].every((part) =>
            keys.some((r) => r.url.includes(part)),
          )
        );
      }),
    ).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await waitReady(page);
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(10);
    // The editor, loaded only when its panel opens, comes from the stored files; so does another section.
    await page.locator('#console-program > summary').click();
    await page.locator('#console-program .cm-editor').waitFor();
    await page.goto(new URL('/#/board', (await import('vitest')).inject('baseUrl')).toString());
    await page.locator('.bv[data-ready="true"]').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('console files', () => {
  const dropFile = (name: string, bytes: number[]) => ({ name, bytes });

  it('a dropped cartridge boots, is named by size and CRC32, and is still there after a reload', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    // The test cartridge's own bytes under another name: a 2 KB image nobody knows.
    const file = dropFile('my-cart.bin', Array.from(cart.bytes));
    await page.evaluate(({ name, bytes }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(bytes)], name));
      document
        .querySelector('.console-screen-wrap')!
        .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, file);
    await poll(() => page.locator('#console-message').textContent()).toMatch(
      /^Loaded “my-cart\.bin”: cartridge: unknown 2048-byte image \(CRC32 [0-9A-F]{8}\); running it anyway\.$/,
    );
    expect(await page.locator('#console-roms li[data-kind="cart"]').textContent()).toMatch(
      /^cartridge: unknown 2048-byte image/,
    );
    expect(await page.locator('#console-library li').count()).toBe(1);
    await page.reload();
    await waitReady(page);
    expect(await page.locator('#console-roms li[data-kind="cart"]').textContent()).toMatch(
      /^cartridge: unknown 2048-byte image/,
    );
    expect(await page.locator('#console-library li button').first().textContent()).toBe('in use');
    // Forget it and go back to ours.
    await page.locator('#console-library li button', { hasText: 'forget' }).click();
    await poll(() => page.locator('#console-library li').textContent()).toMatch(/^None yet/);
    await page.locator('#console-builtin').click();
    await poll(() => page.locator('#console-roms li[data-kind="cart"]').textContent()).toMatch(/built from source/);
    expect(errors).toEqual([]);
  });

  it("a cartridge the known-cartridge table lists as European boots on PAL; the user's choice of TV and mapper is kept per image, a wrong one refused", async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    // A stand-in with the CRC32 of "A Labyrinth Game / Supermind (Europe)" (no real image is committed).
    const listed = KNOWN_CARTS.find((k) => k.name === 'A Labyrinth Game / Supermind (Europe)')!;
    const image = forgeCrc(cart.bytes.slice(0, listed.size), listed.crc);
    await page.evaluate(
      ({ name, bytes }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], name));
        document
          .querySelector('.console-screen-wrap')!
          .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      },
      dropFile('labyrinth.bin', Array.from(image)),
    );
    await poll(() => page.locator('#console-message').textContent()).toMatch(
      /^Loaded “labyrinth\.bin”: cartridge: A Labyrinth Game \/ Supermind \(Europe\)/,
    );
    const settings = page.locator('.console-cart-settings');
    await poll(() => settings.getAttribute('data-timing')).toBe('PAL');
    expect(await settings.getAttribute('data-mapper')).toBe('standard');
    expect(await page.locator('#console-cart-tv option').first().textContent()).toBe('automatic (PAL)');
    // NTSC chosen: the machine is rebuilt on NTSC timing, and after a reload it still is.
    await page.locator('#console-cart-tv').selectOption('NTSC');
    await poll(() => settings.getAttribute('data-timing')).toBe('NTSC');
    expect(await page.locator('#console-message').textContent()).toMatch(
      /now runs on the standard mapper, NTSC; remembered for this image/,
    );
    await page.reload();
    await waitReady(page);
    await poll(() => settings.getAttribute('data-timing')).toBe('NTSC');
    expect(await page.locator('#console-cart-tv').inputValue()).toBe('NTSC');
    // The 3 KB-page mapper can't take a 2 KB image: refused with the reason, the machine as it was, nothing remembered.
    await page.locator('#console-cart-mapper').selectOption('ktaa');
    await poll(() => page.locator('#console-message').textContent()).toMatch(
      /did not start that way: cartridge is 2048 bytes; a cartridge for the ktaa mapper must be 3072 \(3 KB\), 6144 \(6 KB\), 12288 \(12 KB\) bytes\. It runs as before\./,
    );
    await poll(() => settings.getAttribute('data-mapper')).toBe('standard');
    await poll(() => page.locator('#console-cart-mapper').inputValue()).toBe('');
    await poll(() => page.evaluate(() => window.__o2console!.shownFrame)).toBeGreaterThan(5);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('o2conquest.cartChoices') ?? '{}'))).toEqual({
      [listed.crc.toString(16).toUpperCase().padStart(8, '0')]: { tv: 'NTSC' },
    });
    expect(errors).toEqual([]);
  });

  it('a dropped save-state file is loaded; one from another cartridge is refused with the reason', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    await page.waitForFunction(() => window.__o2console!.shownFrame > 30);
    const saved = await page.evaluate(async () => {
      const api = window.__o2console!.runtime()!.api;
      await api.setRunning(false);
      const state = await api.saveState();
      await api.stepFrames(20);
      return { bytes: Array.from(state), frame: (await api.debugInfo()).frame - 20 };
    });
    const drop = (name: string, bytes: number[]) =>
      page.evaluate(
        ({ n, b }) => {
          const dt = new DataTransfer();
          dt.items.add(new File([new Uint8Array(b)], n));
          document
            .querySelector('.console-screen-wrap')!
            .dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
        },
        { n: name, b: bytes },
      );
    await drop('moment.o2s', saved.bytes);
    await poll(() => page.locator('#console-message').textContent()).toBe(
      `Loaded the state from “moment.o2s” (frame ${saved.frame}).`,
    );
    expect(await page.evaluate(async () => (await window.__o2console!.runtime()!.api.debugInfo()).frame)).toBe(
      saved.frame,
    );
    // The same state with the cartridge CRC changed (and the checksum redone) belongs to another machine.
    const other = Uint8Array.from(saved.bytes);
    const { crc32 } = await import('../../rom-core/crc32.ts');
    other[14] ^= 0xff; // inside the cartridge CRC (magic 4, version 1, chip 4, mapper 1, BIOS CRC 4)
    new DataView(other.buffer).setUint32(other.length - 4, crc32(other.subarray(0, other.length - 4)), true);
    await drop('other.o2s', Array.from(other));
    await poll(() => page.locator('#console-message').textContent()).toMatch(
      /^“other\.o2s” was not loaded: This save state was made with a different BIOS or cartridge \(cartridge CRC-32 [0-9A-F]{8}, this machine's [0-9A-F]{8}\)\. The running game is unchanged\.$/,
    );
    expect(await page.evaluate(async () => (await window.__o2console!.runtime()!.api.debugInfo()).frame)).toBe(
      saved.frame,
    );
    expect(errors).toEqual([]);
  });
});

describe('console storage failures', () => {
  it('a slot save refused by storage (full quota) says so and the slot keeps its earlier state', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    await page.evaluate(() => window.__o2console!.runtime()!.api.setRunning(false));
    await page.locator('#console-save').click();
    await poll(() => page.locator('#console-message').textContent()).toMatch(/^Saved in slot 1 \(frame (\d+)\)\.$/);
    const firstFrame = Number(/frame (\d+)/.exec((await page.locator('#console-message').textContent())!)![1]);
    await page.evaluate(() => window.__o2console!.runtime()!.api.stepFrames(30));
    // The browser refuses the next write as a full disk would.
    await page.evaluate(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (this.name === 'states') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.apply(this, args);
      };
    });
    await page.locator('#console-save').click();
    await poll(() => page.locator('#console-message').getAttribute('data-kind')).toBe('error');
    expect(await page.locator('#console-message').textContent()).toMatch(
      /^Slot 1 was not saved \(The quota has been exceeded\.\)\. Its previous contents are unchanged; use “Download state”/,
    );
    await page.locator('#console-load').click();
    await poll(() => page.locator('#console-message').textContent()).toBe(
      `Loaded the state from slot 1 (frame ${firstFrame}).`,
    );
    expect(errors).toEqual([]);
  });
});

describe('console start-up failure', () => {
  it('a worker that cannot start is reported on the page instead of a silent hang', async () => {
    // Routed on the context: the worker's own script request does not pass the page's routes.
    const context = await browser().newContext();
    await context.route(/\/emulator\.worker[^/]*\.js/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(appUrl('/?cart=console-test#/console'));
    await poll(() => page.locator('.page-error:not(#stored-notice)').textContent()).toMatch(
      /^This section failed to load: the emulator worker did not start \(its script failed to load/,
    );
    expect(await page.evaluate(() => window.__o2console?.ready)).not.toBe(true);
  });
});

describe('console outputs and pad settings', () => {
  it('saves the picture as a 360×243 PNG and the state as a file', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    const [shot] = await Promise.all([page.waitForEvent('download'), page.locator('#console-screenshot').click()]);
    expect(shot.suggestedFilename()).toMatch(/^o2-\d+\.png$/);
    const png = await downloadBytes(shot);
    expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([360, 243]); // IHDR width, height
    const [state] = await Promise.all([page.waitForEvent('download'), page.locator('#console-download').click()]);
    expect(state.suggestedFilename()).toMatch(/\.o2s$/);
    const bytes = await downloadBytes(state);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('O2MS');
    expect(errors).toEqual([]);
  });

  it('stops the machine while the page is hidden and resumes without catching up', async () => {
    const { page, errors } = await openApp(browser(), '/?cart=console-test#/console');
    await waitReady(page);
    const stats = () => page.evaluate(async () => window.__o2console!.runtime()!.api.stats());
    const frames = async () => (await stats()).framesRun;
    const droppedBefore = (await stats()).framesDropped;
    const hiddenFrom = Date.now();
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    // The page sent setHidden synchronously on the event; this call reaches the worker after it, so the
    // count it returns is final (no wall-clock wait for the message to arrive).
    const hiddenAt = await frames();
    await page.waitForTimeout(1500);
    expect(await frames()).toBe(hiddenAt);
    const hiddenFrames = Math.floor(((Date.now() - hiddenFrom) * 60) / 1000);
    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await poll(frames).toBeGreaterThan(hiddenAt + 10);
    // No burst to make up the hidden time: the pacer restarts on showing. Without the restart its first
    // tick owes every frame of the hidden span and counts all but three as dropped at once; with it, only
    // a stall of the loaded machine drops any. The bound is half the hidden span, not a time budget.
    const dropped = (await stats()).framesDropped - droppedBefore;
    expect(dropped).toBeLessThan(hiddenFrames / 2);
    expect(errors).toEqual([]);
  });

  it('binds a gamepad button by pressing it, per pad, kept across a reload', async () => {
    const context = await browser().newContext();
    await context.addInitScript(() => {
      const buttons = Array.from({ length: 17 }, () => ({ pressed: false, value: 0 }));
      const pad = {
        id: 'Odd Pad (Vendor: 1234)',
        index: 0,
        connected: true,
        mapping: '',
        buttons,
        axes: [0, 0],
        timestamp: 0,
      };
      (window as unknown as { __pad: typeof pad }).__pad = pad;
      Object.defineProperty(navigator, 'getGamepads', { value: () => [pad] });
    });
    const page = await context.newPage();
    await page.goto(new URL('/?cart=console-test#/console', (await import('vitest')).inject('baseUrl')).toString());
    await waitReady(page);
    await page.locator('#console-remap').click();
    const table = page.locator('table[data-device="Odd Pad (Vendor: 1234)"]');
    await table.locator('tr', { hasText: 'fire' }).locator('button').click();
    await page.evaluate(() => {
      (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad.buttons[7].pressed = true;
    });
    await poll(() => table.locator('tr', { hasText: 'fire' }).locator('td').nth(1).textContent()).toBe('b7');
    await page.evaluate(() => {
      (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad.buttons[7].pressed = false;
    });
    await page.locator('#console-remap-done').click();
    await page.reload();
    await waitReady(page);
    await page.evaluate(() => {
      (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad.buttons[7].pressed = true;
    });
    await poll(() => iram(page, 0x28)).toBe(0xff & ~0x10);
    await page.evaluate(() => {
      const pad = (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad;
      pad.buttons[7].pressed = false;
      pad.buttons[0].pressed = true; // the old fire button no longer fires
    });
    await poll(() => iram(page, 0x28)).toBe(0xff);
  });
});
