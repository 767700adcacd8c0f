// The device's storage bridge (tutor/views/library_store.mjs) as Panel's page runs it: a change
// from Python comes in a patch, and the page drops every message sent while it applies one
// (panel/_templates/pyodide_handler.js: `patching > 0`). The bridge's answer to a write
// (written, changed) must reach Python, or Saved and Kept are never said.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { render } from '../../tutor/views/library_store.mjs';
import { browserWindow, panelPage } from './support.mjs';

const KEY = 'palace-tutor.saved-studies';

class Storage {
  constructor() { this.items = new Map(); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
}

const settle = () => new Promise((resolve) => { setTimeout(resolve, 20); });

test("the bridge's answer to a write from Python reaches Python: written, then changed for another tab's text", async () => {
  const storage = new Storage();
  const win = browserWindow();
  globalThis.window = { localStorage: storage, addEventListener: () => {}, removeEventListener: () => {} };
  globalThis.document = win.document;
  try {
    const { model, page } = panelPage({ key: KEY, stored: '', started: false });
    render({ model });
    assert.deepEqual(page.heard, [{ kind: 'loaded', value: '' }]);   // what the device held at the start
    page.patch({ started: true });

    page.patch({ stored: '{"saved":1}' });   // Save, in Python
    await settle();
    assert.equal(storage.getItem(KEY), '{"saved":1}');
    assert.deepEqual(page.dropped, []);
    assert.deepEqual(page.heard.at(-1), { kind: 'written', value: '{"saved":1}' });

    storage.setItem(KEY, '{"other tab":1}');   // another tab wrote; its event not delivered yet
    page.patch({ stored: '{"saved":2}' });
    await settle();
    assert.equal(storage.getItem(KEY), '{"other tab":1}');   // never written over
    assert.deepEqual(page.dropped, []);
    assert.deepEqual(page.heard.at(-1), { kind: 'changed', value: '{"other tab":1}' });
    page.remove();
  } finally {
    delete globalThis.window;
    delete globalThis.document;
  }
});
