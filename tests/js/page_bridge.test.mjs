// The page bridge (tutor/views/page_bridge.mjs) as Panel's page runs it: Python's changes come in
// a patch, and the page drops every message sent while it applies one (pyodide_handler.js,
// `patching > 0`; the storage bridge lost its answers so until 5d22a2e). The bridge answers a
// patch of the address, the view or a game in progress with the address alone and sends
// nothing then; what it sends (the start, a key, Back and Forward) leaves in tasks of its own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JSDOM } from 'jsdom';
import { render } from '../../tutor/views/page_bridge.mjs';
import { panelPage } from './support.mjs';

const settle = (ms = 350) => new Promise((resolve) => { setTimeout(resolve, ms); });

test("nothing the bridge sends is lost in a patch: the address follows the study, a game in progress clears it", async () => {
  const dom = new JSDOM('<!DOCTYPE html><html><body></body></html>', { url: 'http://localhost/index.html' });
  globalThis.window = dom.window;
  globalThis.document = dom.window.document;
  try {
    const { model, page } = panelPage({ open_study: ['', ''], game_on: false, job: 'home', started: false });
    render({ model });
    assert.deepEqual(page.heard, [{ kind: 'start', value: '', resumed: false }]);   // its first report
    page.patch({ started: true });

    page.patch({ open_study: ['pt1.abc', 'Four jacks: step 2 of 14'], job: 'learn' });
    await settle();
    assert.equal(dom.window.location.hash, '#pt1.abc');
    assert.deepEqual(dom.window.history.state, { pt: 1, job: 'learn' });

    page.patch({ game_on: true, open_study: ['', ''], job: 'play' });   // a game dealt: no link in the address
    await settle();
    assert.equal(dom.window.location.hash, '');

    dom.window.document.dispatchEvent(new dom.window.KeyboardEvent('keydown', { key: 'ArrowRight' }));
    assert.deepEqual(page.heard.at(-1), { kind: 'key', value: 'next' });
    assert.deepEqual(page.dropped, []);
    page.remove();
  } finally {
    delete globalThis.window;
    delete globalThis.document;
  }
});
