// FileOpen (tutor/views/components.py): a labelled file picker that hands a text file to Python.
export function render({ model }) {
  const label = document.createElement('label');
  label.className = 'file-open';
  const words = document.createElement('span');
  words.className = 'file-label';
  words.textContent = model.label;
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = model.accept;
  input.addEventListener('change', () => {
    const file = input.files && input.files[0];
    if (!file) { return; }
    if (file.size > model.max_bytes) {
      model.send_msg({name: file.name, text: null});
    } else {
      file.text().then((text) => model.send_msg({name: file.name, text: text}));
    }
    input.value = '';
  });
  label.append(words, input);
  return label;
}
