"""The page as one browser component: our own markup (:mod:`.frame`) with the
Panel parts slotted into it.

Why one component: landmarks (header, nav, main), the step bar that stays at
the bottom of a phone screen, the drawer and the job switch are plain HTML and
CSS here, in one shadow root with one stylesheet, instead of stacks of Bokeh
layouts (whose shadow roots cut a ``<main>`` off from its content). Panel
children (the table, the quiz box, the step list, the tree, sharing, the
checker) are real Panel views placed in ``[data-child]`` slots, so each keeps
its own model and updates. Those a start does not show are given when their
slot first shows (:meth:`Shell.add_later`).

Python sets the markup once (``frame``), then small things: ``ui`` (JSON: the
job, the enabled buttons, the step counter, select options) and a few HTML
parts (the narration, the notice). The browser sends presses back as
``{act, value}`` (see :meth:`Shell.on_act`). Opening the drawer, switching its
tabs, the four-colour deck and ``?debug`` are browser-only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import param
from panel.custom import Child

from .esm import PlainJSComponent
from .frame import HOST_CSS, SHELL_CSS

PARTS = {"narration": "narration_html", "notice": "notice_html", "heading": "heading_html",
         "title": "title_text", "play-extra": "play_html", "notice-home": "notice_home_html"}


class Shell(PlainJSComponent):
    """The page frame (see the module docstring)."""

    frame = param.String(default="", doc="The page's markup (built by tutor.views.frame), set once.")
    ui = param.String(default="{}", doc="JSON of the small UI state (job, enabled buttons, counter, options).")
    narration_html = param.String(default="", doc="The narration of the step (escaped HTML).")
    notice_html = param.String(default="", doc="The latest message, in the study view (escaped HTML).")
    notice_home_html = param.String(default="", doc="The latest message, on the other views (escaped HTML).")
    heading_html = param.String(default="", doc="The study's own name, if the learner gave one (escaped HTML).")
    title_text = param.String(default="", doc="The study view's heading for screen readers (plain text).")
    play_html = param.String(default="", doc="Play: the next-deal offer and what the table is (escaped HTML).")

    table = Child(doc="The game table.")
    extra = Child(doc="Shown under the table (e.g. a position judged under other rule sets).")
    saved = Child(doc="The studies saved on this device (a drawer tab, shown when given or pending).")
    players = Child(doc="Play: who plays each seat (people here, or the computer), in the Play row.")
    rules = Child(doc="Play's table setup: your table's rules (a form from the game's options).")
    quiz = Child(doc="The question asked at this step.")
    steps = Child(doc="The lesson's step list.")
    tree = Child(doc="The study tree and notes.")
    share = Child(doc="Sharing the study.")
    checker = Child(doc="The hand checker.")
    debug = Child(doc="The developer self-check (shown with ?debug).")
    bridge = Child(doc="The page bridge (address and keys) and the device's storage bridges.")
    pending = param.List(default=[], item_type=str,
                         doc="Names of the children given once their slot first shows (add_later); the page asks.")

    _esm = """
    const PARTS = %(parts)s;
    export function render({ model, view }) {
      const holder = document.createElement('div');
      holder.innerHTML = model.frame;
      const app = holder.firstElementChild;
      const one = (s) => app.querySelector(s);
      const all = (s) => [...app.querySelectorAll(s)];
      // -- the Panel children in their slots ---------------------------------------------------
      // Each child view is put in its slot by hand (not model.get_child, which makes Panel
      // draw this whole frame again when a child changes): a child given later (a drawer
      // tab, another job: Python sends it when its slot is first shown) is placed and drawn
      // on its own. Panel takes every child out of the page when one changes, so all go back.
      const wideScreen = window.matchMedia('(min-width: 900px)');
      const wide = () => wideScreen.matches;
      const childView = (name) => { const m = view.model.data[name]; return m ? view.get_child_view(m) : null; };
      const place = () => {
        for (const slot of all('[data-child]')) {
          const v = childView(slot.dataset.child);
          if (v && v.el.parentNode !== slot) { slot.replaceChildren(v.el); }
          else if (!v && slot.firstChild) { slot.replaceChildren(); }
        }
      };
      // a child that had the focus loses it when Panel takes it out: it gets it back
      let focused = null;
      app.addEventListener('focusin', (e) => { focused = e.composedPath()[0]; });
      const refocus = () => {
        if (focused && focused.isConnected && focused !== document.activeElement &&
            document.activeElement === document.body) { focused.focus({preventScroll: true}); }
      };
      place();
      // Panel calls every child name's callbacks at each change of children: one is enough
      view.on_child_render(view.model.children[0], () => { place(); view.render_children(); refocus(); askShown(); });
      const pending = () => model.pending || [];
      app.classList.toggle('has-saved', Boolean(childView('saved')) || pending().includes('saved'));
      // ask Python for a later child once its slot shows (in the next frame: the job, the
      // tab or the drawer has changed by then); a slot in a closed drawer or a folded
      // <details> does not show (both still have boxes). Asked again if no answer came in
      // 2 s (a message sent while the page is still being linked to Python is lost), up to
      // five times; each time a person shows something (a tab, the drawer, a job) counts anew.
      const asked = new Map();
      let asking = null;
      const askShown = (shownAnew) => {
        if (shownAnew === true) { asked.clear(); }
        if (asking !== null || pending().length === 0) { return; }
        asking = requestAnimationFrame(() => {
          asking = null;
          const drawerShown = wide() || app.classList.contains('drawer-open');
          for (const slot of all('[data-child]')) {
            const name = slot.dataset.child;
            const last = asked.get(name) || {at: -1e9, n: 0};
            if (!pending().includes(name) || performance.now() - last.at < 2000 || last.n >= 5) { continue; }
            // the slot is still empty, and an empty slot may be hidden for that alone (:empty): its parent
            // shows or not (a parent drawn as its children only, display: contents, shows as its own parent)
            let parent = slot.parentElement;
            while (parent && getComputedStyle(parent).display === 'contents') { parent = parent.parentElement; }
            if (!parent || parent.getClientRects().length === 0) { continue; }
            if ((!drawerShown && slot.closest('.drawer')) || slot.closest('details:not([open])')) { continue; }
            asked.set(name, {at: performance.now(), n: last.n + 1});
            send('show', name);
            setTimeout(askShown, 2100);
          }
        });
      };
      model.on('pending', () => askShown());
      app.addEventListener('toggle', () => askShown(true), true);  // a <details> opened (the table setup)
      const turned = () => askShown(true);  // a tablet turned: the drawer becomes a column, or stops being one
      wideScreen.addEventListener('change', turned);
      model.on('remove', () => wideScreen.removeEventListener('change', turned));
      const fill = (name) => {
        const el = one('[data-part="' + name + '"]');
        if (!el) { return; }
        if (name === 'title') { el.textContent = model[PARTS[name]]; } else { el.innerHTML = model[PARTS[name]]; }
        // a new step's words start at the top of the bar (it kept the last scroll, so
        // after a long narration or a quiz verdict the next one opened half-way down).
        // In the next frame: a scroll position set now forces a layout of the whole page
        // while the rest of the step's updates are still arriving.
        if (name === 'narration') { scrollBarTop(); }
      };
      let barScroll = null;
      const scrollBarTop = () => {
        if (barScroll !== null) { return; }
        barScroll = requestAnimationFrame(() => {
          barScroll = null;
          const sc = one('.bar-scroll');
          if (sc && sc.scrollTop !== 0) { sc.scrollTop = 0; }
        });
      };
      for (const name in PARTS) { fill(name); model.on(PARTS[name], () => fill(name)); }

      // -- the drawer (a side panel on a wide screen) ----------------------------------------
      let opener = null;
      const showTab = (name) => {
        for (const t of all('.tab')) { t.setAttribute('aria-current', String(t.dataset.tab === name)); }
        for (const p of all('.tab-panel')) { p.classList.toggle('on', p.dataset.tabPanel === name); }
        askShown(true);
      };
      const openDrawer = (tab, from) => {
        showTab(tab === 'steps' && app.dataset.steps === 'no' ? 'lines' : tab);
        if (wide()) { return; }
        opener = from || null;
        app.classList.add('drawer-open');
        askShown(true);
        const first = one('.drawer .tab[aria-current="true"]') || one('.drawer-close');
        if (first) { first.focus(); }
      };
      const closeDrawer = () => {
        if (!app.classList.contains('drawer-open')) { return; }
        app.classList.remove('drawer-open');
        if (opener && opener.isConnected) { opener.focus(); }
        opener = null;
      };
      showTab('steps');

      // -- the four-colour deck, remembered on this device -----------------------------------
      const colours = one('.deck-colours');
      const setColours = (on) => {
        app.classList.toggle('four-colour', on);
        colours.setAttribute('aria-pressed', String(on));
        try { localStorage.setItem('pt-four-colour', on ? '1' : ''); } catch (e) { /* private mode */ }
      };
      try { setColours(localStorage.getItem('pt-four-colour') === '1'); } catch (e) { setColours(false); }

      if (new URLSearchParams(window.location.search).has('debug')) {
        app.classList.add('debug');
        one('.view-debug').hidden = false;
      }
      // a link that did not open, with no study open: take it out of the address bar
      model.on('msg:custom', (msg) => {
        if (msg && msg.kind === 'clear-address' && window.location.hash) {
          window.history.replaceState(null, '', window.location.pathname + window.location.search);
        }
      });

      // -- presses go to Python --------------------------------------------------------------
      const send = (act, value) => model.send_msg({act: act, value: value == null ? '' : String(value)});
      const field = (name) => one('[name="' + name + '"]');
      app.addEventListener('click', (e) => {
        const el = e.target.closest('button');
        if (!el || !app.contains(el) || el.disabled) { return; }
        if (el.dataset.open) { openDrawer(el.dataset.open, el); return; }
        if (el.dataset.tab) { showTab(el.dataset.tab); return; }
        if (el.classList.contains('drawer-close')) { closeDrawer(); return; }
        if (el.classList.contains('deck-colours')) { setColours(!app.classList.contains('four-colour')); return; }
        const act = el.dataset.act;
        if (!act) { return; }
        if (act === 'setup') {
          send(act, JSON.stringify({variant: one('.free-variant select').value, players: field('players').value,
                                    seed: field('seed').value, json: field('json').value}));
          one('.table-setup').open = false;
          return;
        }
        if (act === 'typed') { send(act, field('typed').value); return; }
        if (act === 'job' || act === 'learn-game' || act === 'play-game') { closeDrawer(); }
        send(act, el.dataset.value);
      });
      app.addEventListener('click', (e) => { if (e.target.classList && e.target.classList.contains('scrim')) { closeDrawer(); } });
      app.addEventListener('change', (e) => {
        const el = e.target;
        if (el.tagName === 'SELECT' && el.dataset.act) { send(el.dataset.act, el.value); }
      });
      app.addEventListener('keydown', (e) => {
        if (e.key === 'Escape') { closeDrawer(); }
        if (e.key === 'Enter' && e.target.name === 'typed') { e.preventDefault(); send('typed', e.target.value); }
      });

      // -- the small UI state from Python ------------------------------------------------------
      let last = {};
      const setOptions = (select, options) => {
        select.replaceChildren(...options.map(([value, label]) => {
          const o = document.createElement('option');
          o.value = value;
          o.textContent = label;
          return o;
        }));
      };
      const applyUi = () => {
        const ui = JSON.parse(model.ui || '{}');
        if (ui.job !== last.job) {
          app.dataset.job = ui.job || 'home';
          for (const b of all('.job, .brand')) {
            if (b.dataset.value === ui.job) { b.setAttribute('aria-current', 'page'); } else { b.removeAttribute('aria-current'); }
          }
          closeDrawer();
          const main = one('.pt-main');
          if (main) { main.scrollTop = 0; }
        }
        app.dataset.steps = ui.has_steps ? 'yes' : 'no';
        if (ui.has_steps !== last.has_steps) { showTab(ui.has_steps ? 'steps' : 'lines'); }
        const lesson = one('.lesson-select select');
        if (ui.lesson !== undefined && lesson.value !== ui.lesson) { lesson.value = ui.lesson; }
        const seat = one('.seat-select select');
        if (JSON.stringify(ui.seats) !== JSON.stringify(last.seats)) { setOptions(seat, ui.seats || []); }
        seat.value = String(ui.seat == null ? -1 : ui.seat);
        one('.seat-select').hidden = !(ui.seats && ui.seats.length > 1);
        const game = one('.play-game select');
        if (ui.play_game && game.value !== ui.play_game) { game.value = ui.play_game; }
        const variant = one('.free-variant select');
        if (JSON.stringify(ui.presets) !== JSON.stringify(last.presets)) { setOptions(variant, ui.presets || []); }
        if (ui.preset) { variant.value = ui.preset; }
        if (ui.players !== undefined && ui.players !== last.players) { field('players').value = ui.players; }
        for (const [act, on] of [['start', ui.can_back], ['prev', ui.can_back], ['next', ui.can_forward],
                                 ['end', ui.can_forward]]) {
          for (const b of all('[data-act="' + act + '"]')) { b.disabled = !on; }
        }
        one('.where-text').textContent = ui.counter || '';
        last = ui;
      };
      model.on('ui', () => { applyUi(); askShown(true); });
      applyUi();
      askShown();
      // the page frame (palace_tutor/site/page.py) shows the app in place of its first
      // screen only once this has drawn: Panel draws the slotted children after render
      model.on('after_layout', () => { if (window.__ptDrawn) { window.__ptDrawn(); } });
      return app;
    }
    """ % {"parts": json.dumps(PARTS)}

    _stylesheets = [":host {" + HOST_CSS + "}\n" + SHELL_CSS]

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._acts: dict[str, Callable[[str], None]] = {"show": self.give}
        self._waiting: dict[str, Any] = {}  # the pending children, by name

    # -- children given once shown -----------------------------------------------------------------
    # Most of the page's Bokeh models sit in drawer tabs and other jobs (the tree, sharing,
    # the saved studies, the Play setup, the checker): a start that builds only what shows
    # sends half as many (issue 17). The page asks for the others as their slots first show.
    def add_later(self, **children: Any) -> None:
        """Give each ``name=child`` when its slot first shows (the child is built; its Bokeh models wait)."""
        self._waiting.update(children)
        self.pending = list(self._waiting)

    def give(self, name: str) -> None:
        """Give a pending child now (the page asks with ``show`` when its slot shows; a repeat
        or an unknown name changes nothing)."""
        if name not in self._waiting:
            return
        self.param.update(**{name: self._waiting[name], "pending": [n for n in self._waiting if n != name]})
        del self._waiting[name]  # only once given: a failure leaves it pending

    def on_act(self, act: str, callback: Callable[[str], None]) -> None:
        """Call ``callback(value)`` when the page sends ``act`` (a press, a choice)."""
        self._acts[act] = callback

    def set_ui(self, **state: Any) -> None:
        """Merge ``state`` into the UI state; one update if anything changed."""
        current = json.loads(self.ui)
        merged = {**current, **state}
        if merged != current:
            self.ui = json.dumps(merged, sort_keys=True)

    def ui_state(self) -> dict[str, Any]:
        return json.loads(self.ui)

    # -- one Next, one short update --------------------------------------------------------------
    # After each change of a parameter, Panel (ReactiveCustomBase._set_on_model)
    # walks every model below this component's data to tag the data models with
    # the root's id. Below the Shell is the whole page, so each narration or UI
    # change walked thousands of references in Python (about 14 ms a Next under
    # CPython, three or four times that in Pyodide). Only a change of children
    # can bring new data models (and Panel tags new ones when it makes them), so
    # the walk is kept for those and the rest tags the Shell's own data model.
    _walk_refs = True

    def _update_model(self, events: dict[str, Any], msg: dict[str, Any], root: Any, model: Any, doc: Any,
                      comm: Any) -> None:
        self._walk_refs = any(name in model.children for name in events)
        try:
            super()._update_model(events, msg, root, model, doc, comm)
        finally:
            self._walk_refs = True

    def _patch_datamodel_ref(self, props: Any, ref: str) -> None:  # type: ignore[override]
        if self._walk_refs:
            super()._patch_datamodel_ref(props, ref)
        elif f"__ref:{ref}" not in props.tags:
            props.tags.append(f"__ref:{ref}")

    def _handle_msg(self, msg: Any) -> None:
        if not (isinstance(msg, dict) and isinstance(msg.get("act"), str)):
            return
        callback = self._acts.get(msg["act"])
        value = msg.get("value")
        if callback is not None:
            callback(value if isinstance(value, str) else "")

    def clear_address(self) -> None:
        """Take the fragment out of the address bar (a link that did not open, nothing open)."""
        self._send_msg({"kind": "clear-address"})

    def press(self, act: str, value: str = "") -> None:
        """What a press in the page does (tests under CPython call this)."""
        self._handle_msg({"act": act, "value": value})
