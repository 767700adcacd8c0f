// What the node tests share: a DOM (jsdom, as in the pre-render) and data made by the Python
// side of the app (tests/js/fixtures.py), run with the checkout's Python ($PYTHON, else .venv).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PYTHON = process.env.PYTHON || path.join(ROOT, '.venv', 'bin', 'python');
const { JSDOM } = createRequire(import.meta.url)('jsdom');

/** The JSON that `python tests/js/fixtures.py name` prints. */
export function fixture(name) {
  const out = execFileSync(PYTHON, [path.join(ROOT, 'tests', 'js', 'fixtures.py'), name],
                           { cwd: ROOT, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
  return JSON.parse(out);
}

/** A fresh window with an empty document. */
export function browserWindow() {
  return new JSDOM('<!DOCTYPE html><html><body></body></html>').window;
}

/** An element of `document` holding `html` (parsed as the page parses it). */
export function parsed(document, html) {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder;
}

/** A component's model as Panel's page drives it: `patch` sets properties from Python. */
export function panelPage(props) {
  const handlers = new Map();
  const page = { patching: 0, heard: [], dropped: [] };
  const model = {
    ...props,
    on(names, callback) {
      for (const name of [].concat(names)) {
        if (!handlers.has(name)) { handlers.set(name, []); }
        handlers.get(name).push(callback);
      }
    },
    send_msg(msg) { (page.patching > 0 ? page.dropped : page.heard).push(msg); },
  };
  page.patch = (changes) => {
    page.patching += 1;
    try {
      for (const [name, value] of Object.entries(changes)) {
        model[name] = value;
        for (const callback of handlers.get(name) || []) { callback(); }
      }
    } finally {
      page.patching -= 1;
    }
  };
  page.remove = () => { for (const callback of handlers.get('remove') || []) { callback(); } };
  return { model, page };
}
