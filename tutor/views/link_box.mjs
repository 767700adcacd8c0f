// LinkBox (tutor/views/components.py): the share link as a full address, with a Copy button.
export function render({ model }) {
  const box = document.createElement('div');
  box.className = 'linkbox';
  const field = document.createElement('input');
  field.type = 'text';
  field.readOnly = true;
  field.className = 'share-link';
  field.setAttribute('aria-label', 'Link to this study');
  const copy = document.createElement('button');
  copy.type = 'button';
  copy.className = 'copy-link';
  copy.textContent = 'Copy link';
  const said = document.createElement('span');
  said.className = 'copied';
  said.setAttribute('role', 'status');
  const address = () => window.location.origin + window.location.pathname + window.location.search +
    (model.fragment ? '#' + model.fragment : '');
  const show = () => { field.value = address(); said.textContent = ''; };
  copy.addEventListener('click', async () => {
    field.value = address();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch (err) {
      field.select();
      document.execCommand('copy');
    }
    said.textContent = 'Copied.';
  });
  field.addEventListener('focus', () => field.select());
  model.on('fragment', show);
  show();
  box.append(field, copy, said);
  return box;
}
