import { markerCss, inkOn } from './colors.ts';
import { h } from '../platform/h.ts';
import { formatRecord, trackLabelStep, trackLength, trackMarkers } from './record-track.ts';
import type { ViewCountry, ViewPlayer, ViewState } from './types.ts';
import { setAttr, setChildren } from './kept-dom.ts';

/** A C/A or homeland marker: the player's colour plus their initial, so colour is never the only cue. */
export function marker(player: ViewPlayer | undefined, name: string, kind: 'ca' | 'home' = 'ca'): HTMLElement {
  const bg = markerCss(player?.color ?? '#888888');
  return h(
    'span',
    {
      class: `bv-marker bv-marker-${kind}`,
      style: `background:${bg};color:${inkOn(bg)}`,
      title: `${name}${kind === 'home' ? ' (homeland)' : ''}`,
      'aria-label': `${name}${kind === 'home' ? ' homeland marker' : ' marker'}`,
    },
    kind === 'home' ? `★${name.slice(0, 1).toUpperCase()}` : name.slice(0, 1).toUpperCase(),
  );
}

export interface WorldOptions {
  /** Countries the armed action may target now (from the engine's legal actions). */
  targets: Set<string>;
  /** Countries ticked for a home-zone alliance. */
  selected: Set<string>;
  /** What a click on a country does now, for the button labels ("Attack Canada"). */
  verb: string | null;
  onCountry: (name: string) => void;
}

/** Whose homeland marker stands on a country: a conquered homeland's owner is out of the game and the marker goes (rule 19C). */
export function homelandOwner(
  country: string,
  state: Pick<ViewState, 'players'>,
): ViewState['players'][number] | undefined {
  return state.players.find((p) => p.homeland === country && !p.eliminated);
}

/** A country's row as the country stands; markRow sets what it shows of the moment. */
function countryRow(c: ViewCountry, state: ViewState, onCountry: (name: string) => void): HTMLElement {
  const byName = new Map(state.players.map((p) => [p.name, p]));
  const homelandOf = homelandOwner(c.name, state);
  const conquered = c.status === 'conquered' || c.status === 'homeland';
  const markers = c.owners.map((o) => marker(byName.get(o), o));
  const attacked = state.war?.country === c.name;
  const btn = h(
    'button',
    {
      type: 'button',
      // Long names (Czechoslovakia, United Kingdom) get a smaller font so they fit the zone column;
      // a longer what-if name is still cut with an ellipsis there.
      class: c.name.length > 13 ? 'bv-country-name bv-long-name' : 'bv-country-name',
      'data-key': `country:${c.name}`,
      'data-country': c.name,
      // Set by markRow, with the row's class (aria-pressed, when it is set, comes last).
      'aria-label': '',
      title: c.name,
    },
    c.name,
  );
  btn.addEventListener('click', () => onCountry(c.name));
  return h(
    'li',
    { class: 'bv-country', 'data-status': c.status ?? 'free' },
    btn,
    h('span', { class: 'bv-pbu', 'aria-hidden': 'true' }, String(c.pbu)),
    // The manual's bar: a dark (allied) space and a lighter (conquered) space per country.
    h('span', { class: 'bv-space bv-space-allied', title: 'Allied space' }, conquered ? null : markers),
    h(
      'span',
      { class: 'bv-space bv-space-conquered', title: 'Conquered space' },
      conquered && c.status !== 'homeland' ? markers : null,
      homelandOf ? marker(homelandOf, homelandOf.name, 'home') : null,
      // Rule 10A: the attacker's marker waits just outside the country until the war is decided.
      attacked && state.war
        ? h(
            'span',
            { class: 'bv-attack-flag', title: `Under attack by ${state.war.attacker}` },
            '⚔',
            marker(byName.get(state.war.attacker), state.war.attacker),
          )
        : null,
    ),
  );
}

/**
 * What a row shows of the moment rather than of the country: whether a click may act on it and how (its
 * class and label), whether it is ticked. Set in place on a kept row: these change at each turn for most of
 * the rows and change no sizes, so the browser only repaints them.
 */
function markRow(row: HTMLElement, c: ViewCountry, state: ViewState, opts: WorldOptions): void {
  const btn = row.firstElementChild as HTMLElement;
  const selected = opts.selected.has(c.name);
  const cls = [
    'bv-country',
    opts.targets.has(c.name) ? 'bv-target' : '',
    selected ? 'bv-selected' : '',
    state.war?.country === c.name ? 'bv-under-attack' : '',
  ];
  setAttr(row, 'class', cls.filter(Boolean).join(' '));
  const held = c.owners.length ? `, ${c.status ?? 'held'} by ${c.owners.join(' and ')}` : ', unoccupied';
  setAttr(btn, 'aria-label', `${c.name}, ${c.pbu} PBU${held}${opts.verb ? `: ${opts.verb}` : ''}`);
  if (selected) setAttr(btn, 'aria-pressed', 'true');
  else btn.removeAttribute('aria-pressed');
}

/**
 * The country rows drawn last, each kept while nothing it shows changed: a move redraws the page, and
 * building the 43 rows afresh each time was most of a redraw's work. A kept row's button calls the newest
 * `onCountry` (the one given with the state now shown), never the one it was built with.
 */
export class WorldRows {
  private readonly rows = new Map<string, { shows: string; row: HTMLElement }>();
  private onCountry: (name: string) => void = () => undefined;
  private readonly click = (name: string): void => this.onCountry(name);
  // The zones' columns are a box inside the world's: the page's grid lays out an unchanged plain box again at no
  // cost, whereas balanced columns as its item were laid out afresh on any change in the side column (4-5 ms).
  private readonly cols = h('div', { class: 'bv-world-cols' });
  private readonly world = h('section', { class: 'bv-world', 'aria-label': 'The world: zone bars' }, this.cols);
  private zones = new Map<string, { section: HTMLElement; list: HTMLElement; head: HTMLElement | null }>();

  /** The rows for `state`: kept ones where they show the same, new ones elsewhere. */
  render(state: ViewState, opts: WorldOptions): HTMLElement {
    this.onCountry = opts.onCountry;
    const seen = new Set<string>();
    const row = (c: ViewCountry): HTMLElement => {
      seen.add(c.name);
      const shows = rowShows(c, state);
      let kept = this.rows.get(c.name);
      if (kept?.shows !== shows) {
        kept = { shows, row: countryRow(c, state, this.click) };
        this.rows.set(c.name, kept);
      }
      markRow(kept.row, c, state, opts);
      return kept.row;
    };
    // The world, its zones and their lists stay in the page: only a row or a zone's heading that changed is
    // put in anew (an element taken out and put back is laid out afresh, like a new one).
    const zones = new Map<string, { section: HTMLElement; list: HTMLElement; head: HTMLElement | null }>();
    for (const [i, z] of state.zones.entries()) {
      const key = `${i}|${z.name}`;
      const zone = this.zones.get(key) ?? {
        section: h('section', { class: 'bv-zone', 'aria-label': z.name }),
        list: h('ul', { class: 'bv-zone-list' }),
        head: null,
      };
      zones.set(key, zone);
      const head = zoneHead(z, state);
      if (!zone.head?.isEqualNode(head)) zone.head = head;
      setChildren(
        zone.list,
        z.countries.map((c) => row({ ...state.countries[c], name: c })),
      );
      setChildren(zone.section, [zone.head, zone.list]);
    }
    this.zones = zones;
    setChildren(
      this.cols,
      [...zones.values()].map((z) => z.section),
    );
    for (const name of [...this.rows.keys()]) if (!seen.has(name)) this.rows.delete(name);
    return this.world;
  }
}

/** Everything a country's row draws but its marks (markRow), as one string: equal strings draw the same row. */
function rowShows(c: ViewCountry, state: ViewState): string {
  const look = (name: string | undefined) => {
    const p = state.players.find((q) => q.name === name);
    return p ? [p.name, p.color, p.homeland === c.name && !p.eliminated] : null;
  };
  const attacked = state.war?.country === c.name;
  return JSON.stringify([
    c,
    attacked,
    c.owners.map(look),
    look(homelandOwner(c.name, state)?.name),
    attacked ? look(state.war?.attacker) : null,
  ]);
}

/** A zone's heading: its name, the markers of whoever holds all of it, the columns' names. */
function zoneHead(z: ViewState['zones'][number], state: ViewState): HTMLElement {
  // Rule 7: a zone whose every country carries one player's markers is dominated by that player.
  const holders = state.players.filter((p) => z.countries.every((c) => state.countries[c]?.owners.includes(p.name)));
  return h(
    'h3',
    { class: 'bv-zone-head' },
    h(
      'span',
      {},
      z.name,
      ...holders.map((p) =>
        h('span', { class: 'bv-dominated', title: `${p.name} holds the whole zone (Rule 7)` }, ' ', marker(p, p.name)),
      ),
    ),
    h('span', { class: 'bv-zone-cols', 'aria-hidden': 'true' }, 'PBU · allied · conquered'),
  );
}

export function renderRecordTrack(state: ViewState): HTMLElement {
  const records = state.players.map((p) => p.record);
  const length = trackLength(records, state.variations.targetRecord);
  const step = trackLabelStep(length);
  const cells: HTMLElement[] = [];
  for (let n = 0; n <= length; n++) {
    cells.push(
      h(
        'li',
        {
          class: `bv-track-cell${n % 5 === 0 ? ' bv-track-five' : ''}${n % step === 0 ? ' bv-track-label' : ''}${n % (2 * step) === 0 ? ' bv-track-label2' : ''}${state.variations.targetRecord === n ? ' bv-track-target' : ''}`,
        },
        h('span', {}, String(n)),
      ),
    );
  }
  const markers = trackMarkers(records).map((m) => {
    const p = state.players[m.player];
    const el = marker(p, p.name);
    // Centre of cell n is at (n + 0.5) / (length + 1); a half value falls on the line between cells.
    // Markers on one space fan out diagonally so each initial stays readable; the list above gives every value in words.
    el.style.left = `calc(${((m.record + 0.5) / (length + 1)) * 100}% - var(--marker) / 2 + ${m.slot} * var(--marker) * 0.5)`;
    el.style.bottom = `calc(${m.slot} * var(--marker) * 0.3)`;
    el.style.zIndex = String(10 - m.slot);
    el.classList.add('bv-track-marker');
    return el;
  });
  return h(
    'section',
    { class: 'bv-record', 'aria-labelledby': 'bv-record-title' },
    h(
      'div',
      { class: 'bv-record-head' },
      h(
        'h2',
        { id: 'bv-record-title' },
        'Power Base Record',
        state.variations.targetRecord
          ? h('span', { class: 'bv-muted' }, ` · first to ${state.variations.targetRecord} wins`)
          : null,
      ),
      h(
        'ul',
        { class: 'bv-record-list' },
        state.players.map((p) =>
          h(
            'li',
            { 'data-player': p.name },
            marker(p, p.name),
            ` ${p.name}: `,
            h('strong', { 'data-record': p.name }, formatRecord(p.record)),
          ),
        ),
      ),
    ),
    h(
      'div',
      { class: 'bv-track', 'aria-hidden': 'true' },
      h('div', { class: 'bv-track-markers' }, markers),
      h('ol', { class: 'bv-track-cells', start: 0 }, cells),
    ),
  );
}
