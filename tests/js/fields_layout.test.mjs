// How Settle's fields are laid out (tutor/views/fields.mjs): a side's fields stay together in
// a group; a form mixing groups with single fields (King's Pot) gives each run of single fields
// a group of its own (.singles: a line of its own on a wide screen), so a short field never
// stands beside a tall group over a tall gap. What a person sees at 1280x900 is checked in
// tests/browser/test_settle_kings_pot.py.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { render } from '../../tutor/views/fields.mjs';
import { browserWindow } from './support.mjs';

function laid(fields) {
  globalThis.document = browserWindow().document;
  const model = { fields, texts: {}, problems: {}, counts: {}, focus: '', options: [], answered: 0,
                  on() {}, send_msg() {} };
  const box = render({ model }).firstElementChild;
  return [...box.children].map((el) => [el.className, [...el.querySelectorAll('input')].map((i) => i.id)]);
}

const f = (key, group = '') => ({ key, cls: key, label: key, placeholder: '', kind: 'cards', group });

test("King's Pot: the tableau and the King's hand, each player, and the pots each keep together", () => {
  assert.deepEqual(laid([f('tableau'), f('kings'), f('p1.name', 'p1'), f('p1.cards', 'p1'), f('p2.name', 'p2'),
                         f('pot'), f('kings_pot')]), [
    ['group singles', ['fld-tableau', 'fld-kings']],
    ['group', ['fld-p1.name', 'fld-p1.cards']],
    ['group', ['fld-p2.name']],
    ['group singles', ['fld-pot', 'fld-kings_pot']],
  ]);
});

test('a form of sides only, or of single fields only, is laid out as before', () => {
  assert.deepEqual(laid([f('a.banner', 'a'), f('a.palace', 'a'), f('d.banner', 'd')]),
                   [['group', ['fld-a.banner', 'fld-a.palace']], ['group', ['fld-d.banner']]]);
  assert.deepEqual(laid([f('pile'), f('hand')]), [['field-row field-pile', ['fld-pile']],
                                                  ['field-row field-hand', ['fld-hand']]]);
});
