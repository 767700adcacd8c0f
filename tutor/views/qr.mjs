// QrBox (tutor/views/qr.py): a QR code of a link in a dialog, the phone's share sheet, or copy.
export function render({ model }) {
  const make = (tag, cls, text) => {
    const el = document.createElement(tag);
    if (cls) { el.className = cls; }
    if (text) { el.textContent = text; }
    return el;
  };
  const base = () => window.location.origin + window.location.pathname + window.location.search;
  const address = () => base() + (model.fragment ? '#' + model.fragment : '');
  const root = make('div', 'qr-box');
  // the link itself, to read or copy (show_link): copying happens in the click handler,
  // as browsers allow clipboard writes only during the person's gesture
  if (model.show_link) {
    const box = make('div', 'linkbox');
    const field = make('input', 'share-link');
    field.type = 'text';
    field.readOnly = true;
    field.setAttribute('aria-label', 'Link to ' + model.label);
    const copy = make('button', 'qr-btn copy-link', 'Copy link');
    copy.type = 'button';
    const copied = make('span', 'copied');
    copied.setAttribute('role', 'status');
    const showLink = () => { field.value = address(); copied.textContent = ''; };
    copy.addEventListener('click', async () => {
      field.value = address();
      try {
        await navigator.clipboard.writeText(field.value);
      } catch (err) {
        field.select();
        document.execCommand('copy');
      }
      copied.textContent = 'Copied.';
    });
    field.addEventListener('focus', () => field.select());
    model.on('fragment', showLink);
    model.on('label', () => field.setAttribute('aria-label', 'Link to ' + model.label));
    showLink();
    box.append(field, copy, copied);
    root.append(box);
  }
  const row = make('div', 'qr-row');
  const show = make('button', 'qr-btn qr-show', 'Show QR code');
  show.type = 'button';
  const said = make('span', 'qr-said');
  said.setAttribute('role', 'status');
  row.append(show);
  const canShare = typeof navigator.share === 'function';
  if (canShare) {
    const share = make('button', 'qr-btn qr-share', 'Share\u2026');
    share.type = 'button';
    share.addEventListener('click', async () => {
      try {
        await navigator.share({title: model.share_title, url: address()});
        said.textContent = '';
      } catch (err) {
        if (!err || err.name !== 'AbortError') { said.textContent = 'Sharing did not work here: copy the link instead.'; }
      }
    });
    row.append(share);
  } else if (model.offer_copy) {
    const copy = make('button', 'qr-btn qr-copy', 'Copy link');
    copy.type = 'button';
    copy.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(address()); said.textContent = 'Copied.'; }
      catch (err) { said.textContent = 'Copying is blocked here: the link is in the address bar.'; }
    });
    row.append(copy);
  }
  row.append(said);

  const dialog = make('dialog', 'qr-dialog');
  const headingId = 'qr-heading-' + Math.random().toString(36).slice(2, 9);
  const heading = make('h2', 'qr-heading');
  heading.id = headingId;
  dialog.setAttribute('aria-labelledby', headingId);
  const code = make('div', 'qr-code');
  code.setAttribute('role', 'img');
  const note = make('p', 'qr-note');
  note.setAttribute('role', 'status');
  const file = make('a', 'qr-file', 'Save the study file');
  file.hidden = true;
  const close = make('button', 'qr-btn primary qr-close', 'Close');
  close.type = 'button';
  const foot = make('div', 'qr-foot');
  foot.append(file, close);
  dialog.append(heading, code, note, foot);
  root.append(row, dialog);

  let fileUrl = null;
  const draw = () => {
    heading.textContent = 'Scan to open ' + model.label;
    code.setAttribute('aria-label', 'QR code of the link to ' + model.label);
    code.innerHTML = model.svg;  // segno's SVG, made by our own Python: paths only, no text of anyone's
    code.dataset.text = model.svg ? model.text : '';
    code.dataset.madeMs = model.svg ? String(Math.round(model.made_ms)) : '';  // the Python's share (bench qr_page)
    note.textContent = model.note;
    if (fileUrl) { URL.revokeObjectURL(fileUrl); fileUrl = null; }
    file.hidden = !model.file_text;
    if (model.file_text) {
      fileUrl = URL.createObjectURL(new Blob([model.file_text], {type: 'text/plain'}));
      file.href = fileUrl;
      file.download = model.file_name || 'study.palace-tutor.txt';
    }
  };
  for (const name of ['svg', 'text', 'note', 'file_text', 'label', 'made_ms']) { model.on(name, draw); }
  show.addEventListener('click', () => {
    draw();
    if (!model.svg && !model.note) { note.textContent = 'Making the code\u2026'; }
    dialog.showModal();
    model.send_msg({kind: 'open', base: base()});
  });
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => model.send_msg({kind: 'close'}));
  model.on('remove', () => { if (fileUrl) { URL.revokeObjectURL(fileUrl); } });
  draw();
  return root;
}
