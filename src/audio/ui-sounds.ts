/**
 * The app's own interface sounds, played through howler so its global volume and mute (the
 * console's volume slider and mute box) govern them as they govern the emulator. Nothing plays before
 * the page has had a user gesture (browsers' autoplay rule; a sound out of nowhere is rude anyway),
 * and a setting kept in localStorage turns them off.
 */
import { Howl, Howler } from 'howler';
import { hadUserGesture } from './gesture.ts';
import { applySavedLevels, keepAudioAwake } from './output.ts';
import { clickSamples, confirmSamples, encodeWav, errorSamples, turnSamples, wavDataUrl, wonSamples } from './wav.ts';
import { readStored } from '../platform/stored.ts';

export type UiSoundName = 'click' | 'confirm' | 'error' | 'turn' | 'won';

const ENABLED_KEY = 'o2conquest.uiSounds';

/** What the e2e tests read (window.__o2uiSounds): plays howler started, and whether they could be heard. */
export interface UiSoundProbe {
  started: Record<UiSoundName, number>;
  /** Plays asked for but not made: before a user gesture, or with interface sounds off. */
  withheld: number;
  /** At the last start: howler's master volume, and 0 when howler is muted. */
  lastLevel: number | undefined;
}

declare global {
  interface Window {
    __o2uiSounds?: UiSoundProbe;
  }
}

const probe: UiSoundProbe = {
  started: { click: 0, confirm: 0, error: 0, turn: 0, won: 0 },
  withheld: 0,
  lastLevel: undefined,
};
const howls = new Map<UiSoundName, Howl>();
const makers: Record<UiSoundName, () => Float32Array> = {
  click: clickSamples,
  confirm: confirmSamples,
  error: errorSamples,
  turn: turnSamples,
  won: wonSamples,
};
let levelsApplied = false;

if (typeof window !== 'undefined') window.__o2uiSounds = probe;

export function uiSoundsEnabled(): boolean {
  return readStored(ENABLED_KEY) !== '0';
}

export function setUiSoundsEnabled(on: boolean): void {
  localStorage.setItem(ENABLED_KEY, on ? '1' : '0');
}

/** howler keeps its mute flag private; it is the only place the muted state lives. */
function howlerLevel(): number {
  return (Howler as unknown as { _muted?: boolean })._muted ? 0 : Howler.volume();
}

function howl(name: UiSoundName): Howl {
  let h = howls.get(name);
  if (!h) {
    h = new Howl({ src: [wavDataUrl(encodeWav(makers[name]()))], format: ['wav'] });
    h.on('play', () => {
      probe.started[name]++;
      probe.lastLevel = howlerLevel();
    });
    howls.set(name, h);
  }
  return h;
}

/** Plays an interface sound if the user has interacted with the page and has not turned them off. */
export function playUiSound(name: UiSoundName): void {
  if (!uiSoundsEnabled() || !hadUserGesture()) {
    probe.withheld++;
    return;
  }
  // The board view has no console audio: it still follows the volume and mute saved there.
  if (!levelsApplied) {
    applySavedLevels();
    levelsApplied = true;
  }
  keepAudioAwake();
  howl(name).play();
}
