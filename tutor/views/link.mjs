// The share link, as the page reads it. The format is tutor/model/share.py's:
//
//     pt1.<base64url( sha256(z)[:6] + z )>,  z = zlib(JSON payload)
//
// Python opens a link and is the only judge of it (share.restore checks every field and
// plays every move through the engine). The page reads the address for Python
// (page_bridge.mjs) and, while Python starts, peeks into a link to say which lesson and
// step it opens on (palace_tutor/site/link_peek.mjs): display only, so the checksum is
// not checked here. tests/js/link.test.mjs reads links made by the Python encoder.

const LINK = /^pt1\.([A-Za-z0-9_-]{8,})$/;

/** The fragment of an address's `hash` ('#...'), percent escapes decoded. A malformed escape
 * ('#pt1.abc%') must not stop the page: the text is then given as it is, and Python refuses
 * it with a notice. */
export function fragmentText(hash) {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  try { return decodeURIComponent(text); } catch (err) { return text; }
}

/** Whether `text` has the form of a link of this format (not whether it opens). */
export function isLink(text) {
  return LINK.test(text);
}

/** The bytes of a link (checksum, then the zlib stream), or null if `text` is not one. */
export function linkBytes(text) {
  const found = LINK.exec(text);
  if (!found) { return null; }
  const b64 = found[1].replace(/-/g, '+').replace(/_/g, '/');
  try {
    return Uint8Array.from(atob(b64 + '==='.slice((b64.length + 3) % 4)), (c) => c.charCodeAt(0));
  } catch (err) {
    return null;  // a length no base64 text has
  }
}

/** The JSON payload a link carries; rejected if `text` is not a link or does not unpack. */
export async function readLink(text) {
  const bytes = linkBytes(text);
  if (bytes === null) { throw new Error('not a study link'); }
  const stream = new Blob([bytes.subarray(6)]).stream().pipeThrough(new DecompressionStream('deflate'));
  return JSON.parse(await new Response(stream).text());
}
