/**
 * The resolver's setup: the game, the two forces in its terms, the area, each side's weapon, the
 * energy scale (editable: the stronger side's energy) and, for the umpire rules, their figures. It
 * shows the energy units each side gets and why, or the sentence that says what is wrong.
 */
import {
  PRESETS,
  PRESET_TITLES,
  UMPIRE_DEFAULTS,
  programFor,
  ResolveError,
  type BattleSetup,
} from '../../board/index.ts';
import type { Weapon } from '../../board/index.ts';
import { h } from '../platform/h.ts';
import { jsonSetting, setting } from '../platform/settings.ts';
import { sideStrength, TERMS, type GameChoice } from './terms.ts';
import type { OwnTableEditor } from './own-table.ts';

export interface Prepared {
  setup: BattleSetup;
  area: string;
  weapons: { attacker: Weapon; defender: Weapon };
  energy: { attacker: number; defender: number };
  why: string;
}

const GAMES: GameChoice[] = [...PRESETS, 'own'];
const GAME = setting<GameChoice>('o2conquest.resolver.game', 'origins', (t) => GAMES.find((g) => g === t));
/** What the player typed, by field (data-key), kept across a reload; each game's force fields have their own keys. */
const FIELDS = jsonSetting<Record<string, string>>('o2conquest.resolver.fields', {}, (o) =>
  typeof o === 'object' && o !== null && !Array.isArray(o)
    ? Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string'))
    : undefined,
);
const WEAPON_NAMES: Record<Weapon, string> = { tank: 'tank', sub: 'submarine', plane: 'jet' };
const SIDES = ['attacker', 'defender'] as const;

export class SetupForm {
  readonly element: HTMLElement;
  game: GameChoice = GAME.get();
  private readonly gameSelect: HTMLSelectElement;
  private readonly forces: HTMLElement;
  private readonly extras: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly area: HTMLInputElement;
  private readonly top: HTMLInputElement;
  private readonly weapons: Record<'attacker' | 'defender', HTMLSelectElement>;
  private readonly umpire: Record<'band' | 'minorLoss' | 'victorShare', HTMLInputElement>;
  private fields: Record<'attacker' | 'defender', Record<string, HTMLInputElement>> = { attacker: {}, defender: {} };
  private readonly kept = FIELDS.get();

  constructor(
    private readonly own: OwnTableEditor,
    private readonly changed: () => void,
  ) {
    this.gameSelect = h(
      'select',
      { id: 'rs-game', 'data-key': 'game' },
      GAMES.map((g) => h('option', { value: g }, g === 'own' ? 'My own table' : PRESET_TITLES[g])),
    );
    this.gameSelect.value = this.game;
    this.gameSelect.addEventListener('change', () => {
      this.game = this.gameSelect.value as GameChoice;
      GAME.set(this.game);
      this.build();
      this.changed();
    });
    const weapon = (side: string): HTMLSelectElement =>
      h(
        'select',
        { 'data-key': `weapon-${side}`, 'aria-label': `The ${side}'s weapon` },
        (Object.keys(WEAPON_NAMES) as Weapon[]).map((w) => h('option', { value: w }, WEAPON_NAMES[w])),
      );
    this.weapons = { attacker: weapon('attacker'), defender: weapon('defender') };
    this.area = h('input', { 'data-key': 'area', value: 'Austria', 'aria-label': 'Where the battle is' });
    this.top = h('input', {
      type: 'number',
      min: 1,
      max: 9999,
      step: 1,
      'data-key': 'scale-top',
      value: 5000,
      'aria-label': "The stronger side's energy",
    });
    const num = (key: string, value: number, step: string): HTMLInputElement =>
      h('input', { type: 'number', step, 'data-key': `umpire-${key}`, value });
    this.umpire = {
      band: num('band', UMPIRE_DEFAULTS.band, '1'),
      minorLoss: num('minorLoss', UMPIRE_DEFAULTS.minorLoss, '1'),
      victorShare: num('victorShare', UMPIRE_DEFAULTS.victorShare, '0.01'),
    };
    this.forces = h('div', { class: 'rs-forces' });
    this.extras = h('div', { class: 'rs-extras' });
    this.summary = h('div', { class: 'rs-summary', id: 'rs-energy', role: 'status', 'aria-live': 'polite' });
    this.element = h(
      'section',
      { class: 'rs-setup' },
      h('label', { class: 'rs-field rs-game' }, h('span', {}, 'Game'), this.gameSelect),
      this.forces,
      h(
        'div',
        { class: 'rs-row rs-scale' },
        h('label', {}, 'Battle in ', this.area),
        h('label', {}, 'The stronger side gets ', this.top, ' energy units; the weaker its share'),
      ),
      this.extras,
      this.summary,
    );
    for (const e of [this.area, this.top, ...Object.values(this.weapons), ...Object.values(this.umpire)])
      this.restore(e);
    const edited = (): void => {
      this.keep();
      this.changed();
    };
    this.element.addEventListener('input', edited);
    this.element.addEventListener('change', edited);
    this.build();
  }

  /** The force fields for the chosen game (each side in a column, with its weapon). */
  private build(): void {
    const terms = TERMS[this.game];
    const cols = SIDES.map((side) => {
      this.fields[side] = {};
      const inputs = terms.fields.map((f) => {
        const input = h('input', {
          type: 'number',
          step: f.whole ? '1' : 'any',
          min: f.min,
          'data-key': `${side}-${f.key}`,
          value: f.fallback[side],
        });
        this.restore(input);
        this.fields[side][f.key] = input;
        return h('label', { class: 'rs-field' }, h('span', {}, f.label), input);
      });
      return h(
        'div',
        { class: `rs-side rs-${side}` },
        h(
          'h3',
          {},
          side === 'attacker' ? 'Attacker' : 'Defender',
          h('small', {}, side === 'attacker' ? ' left control, red' : ' right control, blue'),
        ),
        ...inputs,
        h('label', { class: 'rs-field' }, h('span', {}, 'Weapon'), this.weapons[side]),
      );
    });
    this.forces.replaceChildren(...cols);
    const ump = this.umpire;
    this.extras.replaceChildren(
      ...(this.game === 'umpire'
        ? [
            h(
              'p',
              { class: 'rs-row rs-umpire' },
              h('label', {}, 'Indecisive under ', ump.band, ' %'),
              h('label', {}, 'minor losses ', ump.minorLoss, ' %'),
              h('label', {}, "victor's share of the loser's losses ", ump.victorShare),
            ),
          ]
        : []),
    );
  }

  private restore(e: HTMLInputElement | HTMLSelectElement): void {
    const v = this.kept[e.dataset.key ?? ''];
    if (v === undefined) return;
    e.value = v;
    // A kept choice that is no longer offered leaves the default.
    if (e instanceof HTMLSelectElement && e.value !== v) e.selectedIndex = 0;
  }

  private keep(): void {
    for (const e of this.element.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-key]')) {
      if (e.dataset.key && e.dataset.key !== 'game') this.kept[e.dataset.key] = e.value;
    }
    FIELDS.set(this.kept);
  }

  /** The battle as set up now, or the sentence that says what to fix. */
  prepare(): Prepared | { error: string } {
    const force = {} as Record<'attacker' | 'defender', number>;
    const how: string[] = [];
    for (const side of SIDES) {
      const values = Object.fromEntries(
        Object.entries(this.fields[side]).map(([k, i]) => [k, i.value.trim() === '' ? NaN : Number(i.value)]),
      );
      const s = sideStrength(this.game, side, values);
      if ('error' in s) return { error: s.error };
      force[side] = s.value;
      how.push(`the ${side} ${s.how}`);
    }
    let game: BattleSetup['game'];
    if (this.game === 'own') {
      if (!this.own.table) return { error: 'Your own table is not saved yet: check and save it below first.' };
      game = this.own.table;
    } else game = this.game;
    const u = {
      band: Number(this.umpire.band.value),
      minorLoss: Number(this.umpire.minorLoss.value),
      victorShare: Number(this.umpire.victorShare.value),
    };
    if (this.game === 'umpire') {
      if (!(u.band >= 0 && u.band <= 100))
        return {
          error: `The indecisive band must be a percentage from 0 to 100, not ${this.umpire.band.value || 'empty'}.`,
        };
      if (!(u.minorLoss >= 0 && u.minorLoss <= 100))
        return {
          error: `The minor losses must be a percentage from 0 to 100, not ${this.umpire.minorLoss.value || 'empty'}.`,
        };
      if (!(u.victorShare >= 0 && u.victorShare <= 1))
        return {
          error: `The victor's share must be a fraction from 0 to 1, not ${this.umpire.victorShare.value || 'empty'}.`,
        };
    }
    const area = this.area.value.trim() || 'the area';
    const setup: BattleSetup = {
      game,
      attacker: force.attacker,
      defender: force.defender,
      area,
      scale: { top: this.top.value.trim() === '' ? NaN : Number(this.top.value) },
      umpire: u,
    };
    try {
      const { energy, why } = programFor(setup);
      return {
        setup,
        area,
        weapons: { attacker: this.weapons.attacker.value as Weapon, defender: this.weapons.defender.value as Weapon },
        energy,
        why: `Forces: ${how.join('; ')}. ${why}`,
      };
    } catch (e) {
      if (e instanceof ResolveError) return { error: e.message };
      throw e;
    }
  }

  /** Shows the energies and why (or the problem); returns the prepared battle. */
  refresh(): Prepared | { error: string } {
    const p = this.prepare();
    this.summary.dataset.kind = 'error' in p ? 'error' : 'info';
    this.summary.replaceChildren(
      ...('error' in p
        ? [h('p', { class: 'rs-error', role: 'alert' }, p.error)]
        : [
            h(
              'p',
              { class: 'rs-energy' },
              h('strong', {}, `Energy units: attacker ${p.energy.attacker}, defender ${p.energy.defender}.`),
            ),
            h('p', { class: 'rs-why' }, p.why),
          ]),
    );
    return p;
  }

  /** While a battle is under way the setup stays as it was programmed. */
  lock(locked: boolean): void {
    for (const e of this.element.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select'))
      e.disabled = locked;
  }
}
