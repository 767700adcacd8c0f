// The page's reading of share links (tutor/views/link.mjs) against the Python encoder
// (tutor/model/share.py encode_link), on links of every lesson, of branched lines with
// titles and notes a person may type, and of dealt games of every rule set.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fragmentText, isLink, linkBytes, readLink } from '../../tutor/views/link.mjs';
import { fixture } from './support.mjs';

const corpus = fixture('links');

test('the corpus has a link of every kind the encoder makes', () => {
  assert.ok(corpus.length >= 50, `only ${corpus.length} links`);
  const keys = new Set(corpus.flatMap(({ payload }) => Object.keys(payload)));
  for (const key of ['g', 'r', 'l', 's', 'n', 't', 'o', 'c', 'p']) { assert.ok(keys.has(key), `no link has ${key}`); }
});

test('every link the Python encoder makes reads back as the study it was made from', async () => {
  for (const { link, payload } of corpus) {
    assert.ok(isLink(link), link.slice(0, 40));
    assert.deepEqual(await readLink(link), payload);
  }
});

test('the address bar gives the link back, escaped or not', () => {
  for (const { link } of corpus.slice(0, 10)) {
    assert.equal(fragmentText('#' + link), link);
    assert.equal(fragmentText('#' + encodeURIComponent(link)), link);
  }
  assert.equal(fragmentText(''), '');
});

test('a malformed escape is kept as it is (Python refuses it with a notice)', () => {
  assert.equal(fragmentText('#pt1.abc%'), 'pt1.abc%');
  assert.equal(fragmentText('#pt1.abc%E0%A4%A'), 'pt1.abc%E0%A4%A');
});

test('text of another form is not taken for a link', () => {
  const { link } = corpus[0];
  for (const text of ['', 'pt1.', 'pt1.abc', 'pt2.' + link.slice(4), 'PT1.' + link.slice(4), link + '=',
                      link.slice(0, 12) + '+' + link.slice(13), ' ' + link, 'https://host/#' + link]) {
    assert.equal(isLink(text), false, text.slice(0, 30));
    assert.equal(linkBytes(text), null);
  }
});

test('a link cut short or with a body no base64 text has is not read', async () => {
  const { link } = corpus.find(({ link: l }) => l.length > 200);
  await assert.rejects(readLink(link.slice(0, link.length - 40)));
  const odd = link.slice(0, 4 + 4 * 10 + 1);  // 4k+1 characters: no base64 text is that long
  assert.equal(linkBytes(odd), null);
  await assert.rejects(readLink(odd));
});

test('the bytes of a link are its checksum (6 bytes) and then a zlib stream', () => {
  for (const { link } of corpus) {
    const bytes = linkBytes(link);
    const body = link.slice(4);
    assert.equal(bytes.length, Math.floor(body.length * 3 / 4));
    assert.equal(bytes[6], 0x78);  // zlib's header: deflate with a 32 KB window
  }
});
