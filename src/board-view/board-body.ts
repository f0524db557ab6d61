/** The board page's two screens below the header: the setup screen and a game under way. */
import { h } from '../platform/h.ts';
import { countryFinder } from './country-finder.ts';
import type { BoardDrafts } from './drafts.ts';
import type { EditorHost } from './editor-host.ts';
import type { GameClock } from './game-clock.ts';
import { boardChoice, keysList, targetsOf } from './page-parts.ts';
import type { GameEvent, ViewState } from './types.ts';
import { setChildren, type KeptParts } from './kept-dom.ts';
import {
  renderLastWar,
  renderLegalSummary,
  type LogLines,
  renderPhasePanel,
  renderPlayers,
  type Mode,
  type PanelContext,
  type TablePanels,
} from './view-panels.ts';
import { renderSetup, setupEvent } from './view-setup.ts';
import { renderRecordTrack, type WorldRows } from './view-world.ts';
import type { GameSession } from '../../board/index.ts';

/** What the screens use of the page that owns them. */
export interface BodyParts {
  controller: GameSession;
  drafts: BoardDrafts;
  editor: EditorHost;
  clock: GameClock;
  table: TablePanels | undefined;
  act(ev: GameEvent): void;
  say(text: string): void;
  redraw(): void;
  setMode(m: Mode): void;
  onCountry(name: string, state: ViewState): void;
  rematch(): void;
  /** What the last redraw built and the next may keep (the country rows, the log's lines, the parts below). */
  world: WorldRows;
  logLines: LogLines;
  kept: KeptParts;
  /** The play screen's columns, kept in the page across redraws: only their parts that changed are put in anew. */
  main: HTMLElement;
  side: HTMLElement;
}

/** The play screen's two columns, made once. */
export function playColumns(): Pick<BodyParts, 'main' | 'side'> {
  return {
    main: h('div', { class: 'bv-main' }),
    side: h('aside', { class: 'bv-side', 'aria-label': 'Actions and players' }),
  };
}

/** The setup screen: the board, the setup form, the map. */
export function setupBody(snap: ReturnType<GameSession['snapshot']>, p: BodyParts): HTMLElement {
  const s = snap.view;
  const d = p.drafts;
  const start = (): void => {
    const ev = setupEvent(d.setup);
    d.setupError = typeof ev === 'string' ? ev : null;
    if (typeof ev === 'string') p.redraw();
    else p.act(ev);
  };
  return h(
    'div',
    { class: 'bv-main bv-main-setup' },
    h(
      'div',
      { class: 'bv-side' },
      boardChoice(s, p.editor, p.controller),
      renderSetup(d.setup, p.redraw, start),
      d.setupError ? h('p', { class: 'bv-error', role: 'alert' }, d.setupError) : null,
    ),
    p.world.render(s, {
      targets: targetsOf(snap, d).targets,
      selected: d.homeSelection,
      verb: null,
      onCountry: () => p.say('Set up the game first.'),
    }),
  );
}

/** A game under way: the record track, the phase's panel and the players beside the map. */
export function playBody(snap: ReturnType<GameSession['snapshot']>, p: BodyParts): HTMLElement[] {
  const s = snap.view;
  const d = p.drafts;
  const picking = ['homelands', 'home-alliances', 'play', 'final-round'].includes(s.phase) && !s.war;
  const finder = picking
    ? countryFinder(
        s,
        d.find,
        (name) => p.onCountry(name, s),
        (typed) => p.say(`No country called "${typed}".`),
        // Enter with nothing typed is the board's Enter: it confirms the home alliances ("Confirm alliances (Enter)").
        () => {
          if (s.phase === 'home-alliances' && s.turn)
            p.act({ type: 'ally.home', player: s.turn, countries: [...d.homeSelection] });
          else p.say('Type a country’s name (or the start of it), then Enter.');
        },
      )
    : null;
  const clock =
    s.variations.clockMinutes !== null && snap.legal.some((a) => a.type === 'clock.expired')
      ? p.clock.panel(s.variations.clockMinutes, () => p.act({ type: 'clock.expired' }))
      : null;
  // The actions come before the 43 country buttons in focus order; the grid puts them on the right.
  const panels: PanelContext = {
    state: s,
    legal: snap.legal,
    mode: d.mode,
    setMode: p.setMode,
    act: p.act,
    submitBattle: (o) => {
      if (p.controller.submitBattle(o)) d.clearBattle();
    },
    homeSelection: d.homeSelection,
    allianceSelection: d.allianceSelection,
    battle: d.battle,
    alliancesOpen: d.alliancesOpen,
    redraw: p.redraw,
    table: p.table,
    summaryClosed: d.summaryClosed,
    rematch: p.rematch,
    actor: d.actor ?? s.turn ?? '',
    setActor: (n) => {
      d.actor = n;
      p.redraw();
    },
  };
  const { targets, verb } = targetsOf(snap, d);
  // The parts with no listeners of their own are kept while they draw the same (kept-dom.ts); the step's
  // panel, the finder, the clock and the last war hold drafts and actions and are drawn afresh.
  const side = [
    renderPhasePanel(panels),
    p.kept.keep('legal', renderLegalSummary(snap.legal, p.table)),
    finder,
    clock,
    p.kept.keep('players', renderPlayers(s)),
    p.table ? renderLastWar(panels) : null,
    p.logLines.render(s.log),
    p.kept.keep('keys', keysList()),
  ];
  setChildren(
    p.side,
    side.filter((x): x is HTMLElement => x !== null),
  );
  const world = p.world.render(s, {
    targets,
    selected: d.homeSelection,
    verb,
    onCountry: (name) => p.onCountry(name, s),
  });
  setChildren(p.main, [p.side, world]);
  return [p.kept.keep('record', renderRecordTrack(s)), p.main];
}
