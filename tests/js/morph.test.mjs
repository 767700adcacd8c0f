// The game table's DOM morph (tutor/views/tables/morph.mjs), on the tables the Python views
// draw at every stop of a lesson of each game, and on the rules it keeps for the person.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { morph } from '../../tutor/views/tables/morph.mjs';
import { browserWindow, fixture, parsed } from './support.mjs';

const { document } = browserWindow();
const template = (html) => {
  const t = document.createElement('template');
  t.innerHTML = html;
  return t.content;
};
// where two trees first differ (attributes compared as sets, as isEqualNode does), or null
const difference = (a, b, where = '') => {
  if (a.isEqualNode(b)) { return null; }
  if (a.nodeName !== b.nodeName || a.nodeType !== b.nodeType) { return `${where}: ${a.nodeName} against ${b.nodeName}`; }
  if (a.nodeType !== 1) { return `${where}: ${JSON.stringify(a.nodeValue)} against ${JSON.stringify(b.nodeValue)}`; }
  for (const { name } of [...a.attributes, ...b.attributes]) {
    if (a.getAttribute(name) !== b.getAttribute(name)) { return `${where}/${a.nodeName}[${name}]: ${a.getAttribute(name)} against ${b.getAttribute(name)}`; }
  }
  if (a.childNodes.length !== b.childNodes.length) { return `${where}/${a.nodeName}: ${a.childNodes.length} children against ${b.childNodes.length}`; }
  for (let i = 0; i < a.childNodes.length; i++) {
    const found = difference(a.childNodes[i], b.childNodes[i], `${where}/${a.nodeName}[${i}]`);
    if (found) { return found; }
  }
  return `${where}: unequal`;
};
// every node below `root` by its path of child indexes ('' is the root)
const byPath = (root) => {
  const out = new Map();
  const walk = (node, path) => {
    out.set(path, node);
    node.childNodes.forEach((child, i) => walk(child, path + '/' + i));
  };
  walk(root, '');
  return out;
};
// whether the nodes above `path` have the same tags in both trees
const sameLine = (a, b, path) => {
  const steps = path.split('/');
  for (let i = 1; i < steps.length; i++) {
    const above = steps.slice(0, i).join('/');
    if (a.get(above).nodeName !== b.get(above).nodeName) { return false; }
  }
  return true;
};
const mounted = (html) => {
  const body = parsed(document, html);
  document.body.replaceChildren(body);
  return body;
};

test('stepping through a lesson of each game, the table becomes each step\'s markup', () => {
  const lessons = fixture('tables');
  assert.equal(lessons.length, 3);
  for (const { lesson, htmls } of lessons) {
    assert.ok(htmls.length > 5, lesson);
    const body = mounted(htmls[0]);
    for (const html of htmls.slice(1)) {
      const before = byPath(body);
      const old = byPath(body.cloneNode(true));
      morph(body, template(html));
      // what a fresh parse of the same markup gives, node for node
      const fresh = byPath(parsed(document, html));
      assert.equal(difference(body, fresh.get('')), null, lesson);
      // a node whose markup did not change, under parents of the same tags, is the same node
      // as before (kept, not rebuilt)
      const now = byPath(body);
      let kept = 0;
      for (const [path, node] of fresh) {
        if (path && old.has(path) && sameLine(old, fresh, path) && old.get(path).isEqualNode(node)) {
          assert.equal(now.get(path), before.get(path), `${lesson}: ${path} was rebuilt`);
          kept += 1;
        }
      }
      assert.ok(kept > 0, lesson);
    }
    // and back to the start, in one step
    morph(body, template(htmls[0]));
    assert.equal(difference(body, parsed(document, htmls[0])), null, lesson);
  }
});

test('an element that is the same is left in place, one that changed is changed in place', () => {
  const body = mounted('<p class="a">one</p><div class="seat" data-x="1"><span>Ann</span></div>');
  const [p, seat] = body.children;
  const name = seat.firstElementChild;
  morph(body, template('<p class="a">one</p><div class="seat to-move"><span>Ann</span></div>'));
  assert.equal(body.children[0], p);
  assert.equal(body.children[1], seat);
  assert.equal(seat.firstElementChild, name);
  assert.equal(seat.getAttribute('class'), 'seat to-move');
  assert.equal(seat.hasAttribute('data-x'), false);
});

test('a node of another tag or kind is replaced; extra nodes go; new ones are added', () => {
  const body = mounted('<p>a</p>text<span>b</span><i>c</i>');
  const first = body.firstChild;
  morph(body, template('<div>a</div><b>x</b>'));
  assert.notEqual(body.firstChild, first);
  assert.equal(body.innerHTML, '<div>a</div><b>x</b>');
  morph(body, template('<div>a</div><b>x</b>more<em>y</em>'));
  assert.equal(body.innerHTML, '<div>a</div><b>x</b>more<em>y</em>');
});

test('a list the person opened stays open; the markup never closes it', () => {
  const body = mounted('<details class="legend"><summary>Key</summary><p>x</p></details>');
  const details = body.firstElementChild;
  details.open = true;
  morph(body, template('<details class="legend"><summary>Key</summary><p>y</p></details>'));
  assert.equal(body.firstElementChild, details);
  assert.equal(details.open, true);
  assert.equal(details.querySelector('p').textContent, 'y');
});

test('an amount being typed keeps its text; one not being typed takes the new value', () => {
  const body = mounted('<input class="amount" value="4"><input class="other" value="1">');
  const [typing, other] = body.querySelectorAll('input');
  typing.focus();
  typing.value = '12';
  morph(body, template('<input class="amount" value="6"><input class="other" value="2">'));
  assert.equal(document.activeElement, typing);
  assert.equal(typing.value, '12');
  assert.equal(other.value, '2');
  typing.blur();
  morph(body, template('<input class="amount" value="8"><input class="other" value="2">'));
  assert.equal(typing.value, '8');
});
