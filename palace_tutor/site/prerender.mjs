// Build step (host side): the pre-rendered first screen (prerender.py). The live page's state,
// read under CPython (tutor/views/prerender.py), is put on the frame's markup by the page's
// own code (tutor/views/shell_ui.mjs, as the Shell does in the browser), with jsdom standing
// in for the browser's DOM.
// usage: node prerender.mjs NODE_MODULES < state.json > markup.html
//   state.json: {frame, ui, parts: {name: html}, table_html, table_css}
import { createRequire } from 'node:module';
import path from 'node:path';
import { applyUi, fillPart, showTab } from '../../tutor/views/shell_ui.mjs';

const { JSDOM } = createRequire(path.join(process.argv[2], 'noop.js'))('jsdom');

async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) { chunks.push(chunk); }
  return Buffer.concat(chunks).toString('utf8');
}

/** The game table as the Board draws it, in a declarative shadow root with its stylesheet: a
 * browser paints it before any script runs. The reason line takes the end of the board. */
function table(document, html, css) {
  const body = document.createElement('div');
  body.className = 'board-body';
  body.innerHTML = html;
  for (const slot of body.querySelectorAll('.reason-slot')) { slot.remove(); }
  const said = document.createElement('div');
  said.className = 'reason-line';
  body.append(said);
  const board = document.createElement('div');
  board.className = 'board';
  board.append(body);
  const style = document.createElement('style');
  style.textContent = css;
  const shadow = document.createElement('template');
  shadow.setAttribute('shadowrootmode', 'open');
  shadow.content.append(style, board);
  const host = document.createElement('div');
  host.className = 'game-table pt-prerendered';
  host.append(shadow);
  return host;
}

const state = JSON.parse(await readAll(process.stdin));
const { document } = new JSDOM('<!DOCTYPE html><body></body>').window;
const holder = document.createElement('div');
holder.innerHTML = state.frame;
const app = holder.firstElementChild;
// as the Shell's render does: every part filled, the first tab shown, then the UI state
for (const [name, value] of Object.entries(state.parts)) { fillPart(app, name, value); }
showTab(app, 'steps');
applyUi(app, state.ui, {});
if (state.table_html) {
  app.querySelector('[data-child="table"]').replaceChildren(table(document, state.table_html, state.table_css));
}
process.stdout.write(holder.innerHTML);
