"""The page's own scripts that run before the first paint are put together from modules
(palace_tutor/site/page.py, tutor/views/esm.py script_text): what the page gets is one
valid classic script, with the link reader the app's components use (tutor/views/link.mjs)."""

from __future__ import annotations

import shutil
import subprocess

from palace_tutor.site import page
from tutor.views.esm import script_text


def test_the_link_peek_is_one_classic_script_with_the_app_s_link_reader(tmp_path):
    text = script_text(page.LINK_PEEK)
    assert "function readLink(" in text and "function fragmentText(" in text  # from tutor/views/link.mjs
    assert "\nimport " not in text and "\nexport " not in text
    path = tmp_path / "peek.js"
    path.write_text(text, encoding="utf-8")
    node = shutil.which("node")
    assert node, "node is needed (./dev setup)"
    proc = subprocess.run([node, "--check", str(path)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_the_page_names_the_lessons_index_on_the_script_that_reads_it():
    tag = page._link_script('lessons "1".json')
    assert tag.startswith('<script data-index="lessons &quot;1&quot;.json">') and tag.endswith("</script>")
    assert tag.count("</script") == 1
