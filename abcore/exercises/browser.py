"""The browser edition's student bar: who you are, hand in, and a newer version of the notebook.

The site (``tools/lite/build.py``) puts one code cell at the top of each notebook that has an
exercise::

    from abcore.exercises.browser import student_bar; student_bar()

In the browser (JupyterLite's Pyodide kernel) it shows:

- **Student id**: a box and *Save*. The id is checked (:func:`~abcore.exercises.student.valid_id`)
  and kept in the browser's drive (:data:`~abcore.exercises.student.ID_FILE`), where every later
  session finds it, so it is asked once; the address ``?student=<id>`` (a course page's link) sets
  it too, in the page, before any per-student question reads it. The per-student questions then
  draw this student's tree, and say whose ("the tree of student 'alice'").
- **Hand in**: the notebook saved, then downloaded as ``<id>_<assignment>.ipynb`` (the assignment
  is the notebook's ``metadata.abcore.assignment``, written by ``tools/student.py``). The
  instructor files a folder of such downloads with ``python -m abcore.exercises.collect``.
- **A newer version**: when the site's copy of this notebook (``published/versions.json``, written
  by the build) has another version than the open one (``metadata.abcore.version``: a saved
  browser copy of an older release), the bar says so and offers *Open the new version beside
  your work*, which saves the site's copy as ``<assignment> (new version).ipynb`` (in the kit's
  language: ``(nouvelle version)`` in French) and opens it; the student's own file is not touched.

What only the page can do (read its address, save and download the notebook, fetch the site's
files) is a small script the bar hands to JupyterLab in an output widget (the site exposes its app,
``exposeAppInBrowser``). Anywhere else (JupyterLab on a computer, nbgrader's autograde) the bar does
nothing and prints nothing, so a handed-in notebook grades as any other.

>>> student_bar() is None       # not in the browser: nothing shown
True
"""
from __future__ import annotations

import html
import json
from typing import Any, Iterator, Mapping

from ..i18n import LANGUAGES, N_, language
from ..i18n import _catalogue as translation     # a language's catalogue (the kit's own helper)
from .student import _ID, IN_BROWSER, ID_FILE, saved_id, save_id

__all__ = ["student_bar", "texts", "TEXTS", "save_and_say"]

# The bar's words, marked here and translated when shown (the kit's catalogue has the French).
WORDS = {"id": N_("Student id"), "save": N_("Save"), "hand_in": N_("Hand in"),
         "ask": N_("Type the id your instructor gave you and press Save: your per-student questions "
                   "are drawn from it, and your hand-in is named after it. It is kept in this browser."),
         "you": N_("You are <b>{id}</b>: your per-student questions draw the tree of student {student}."),
         "saved_from_url": N_("Your id <b>{id}</b> was taken from the address and kept in this browser."),
         "bad": "{error}",
         "not_kept": N_("Your id could not be kept in this browser ({error}). Reload the page and "
                        "press Save again; if it fails again, leave any private or Guest window "
                        "(or allow this site to store data) and tell your instructor this message."),
         "hand_in_help": N_("Hand in: the notebook is saved, then downloaded as <code>{name}</code>; "
                            "send that file as your instructor asks."),
         "need_id": N_("Save your student id first: the hand-in is named after it."),
         "downloaded": N_("Saved and downloaded as <code>{name}</code>."),
         "newer": N_("A newer version of this notebook is on the site (version {new}; yours is "
                     "{old}). Your work here is kept as it is."),
         "open_new": N_("Open the new version beside your work"),
         "new_name": N_("{assignment} (new version).ipynb"),
         "opened": N_("Opened <code>{name}</code> beside your work: copy your answers into it.")}


class _Texts(Mapping[str, Mapping[str, str]]):
    """The bar's words by language: ``TEXTS["fr"]["hand_in"]`` (read from the kit's catalogue)."""

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        said = translation(lang)
        return {key: said.gettext(text) if text != "{error}" else text for key, text in WORDS.items()}

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


TEXTS = _Texts()


def texts() -> dict[str, str]:
    """The bar's words in the kit's language now (:func:`abcore.i18n.language`).

    >>> from abcore.i18n import use_language
    >>> use_language("fr"); texts()["hand_in"]
    'Rendre'
    >>> use_language(None)
    """
    return TEXTS[language()]


# The page's side, run by JupyterLab's JavaScript renderer inside the bar's output widget, where
# `element` is the output's node. `ARGS` is replaced by a JSON object. It finds the notebook that
# holds the bar, then does one action: "start" (the address's ?student= and the site's version),
# "hand_in" (save, then download), "open_new" (the site's copy saved beside and opened).
SCRIPT = r"""
(async () => {
  const ARGS = __ARGS__;
  const app = window.jupyterapp;
  // JupyterLab runs this before it puts the output in the page: wait until it is there.
  for (let i = 0; i < 200 && !element.isConnected; i++) { await new Promise(r => setTimeout(r, 50)); }
  const bar = element.closest('.abcore-bar');
  const say = (cls, html) => {
    const n = bar && bar.querySelector('.' + cls + ' .widget-html-content');
    if (n) { n.innerHTML = '<span>' + html + '</span>'; }
  };
  if (!app || !bar) { return; }
  const panel = [...app.shell.widgets('main')].find(w => w.node.contains(element));
  if (!panel) { return; }
  const meta = panel.context.model.getMetadata('abcore') || {};
  const assignment = meta.assignment || panel.context.path.split('/').pop().replace(/\.ipynb$/, '');
  const base = app.serviceManager.serverSettings.baseUrl;
  const fill = (s, v) => s.replace(/\{(\w+)\}/g, (m, k) => (k in v ? v[k] : m));
  const esc = s => String(s).replace(/[&<>"']/g, c => '&#' + c.charCodeAt(0) + ';');
  if (ARGS.action === 'start') {
    // Ask the browser to keep this site's storage (the notebooks, the id) when the disk runs low:
    // best-effort storage may be evicted. Chrome grants or refuses silently; nothing to say.
    try {
      if (navigator.storage && navigator.storage.persist && !(await navigator.storage.persisted())) {
        await navigator.storage.persist();
      }
    } catch (e) { /* no Storage API (an old browser): the storage stays best-effort */ }
    const wanted = new URLSearchParams(window.location.search).get('student');
    // normalise's rule: trimmed, a run of spaces inside one _, lower case
    const id = wanted && wanted.trim().split(/\s+/u).join('_').toLowerCase();
    if (id && ARGS.valid && id !== ARGS.id) {
      if (new RegExp(ARGS.valid, 'u').test(id) && !id.includes('..')) {
        await app.serviceManager.contents.save(ARGS.idFile,
          {type: 'file', format: 'text', content: JSON.stringify({student: id})});
        say('abcore-bar-id-status', fill(ARGS.text.saved_from_url, {id: esc(id)}));
        const box = bar.querySelector('.abcore-bar-id input');
        if (box) {      // the widget's model follows its box (ipywidgets listens to these events)
          box.value = id;
          box.dispatchEvent(new Event('input', {bubbles: true}));
          box.dispatchEvent(new Event('change', {bubbles: true}));
        }
        window.__abcoreStudent = id;
      }
    }
    try {
      const r = await fetch(base + 'published/versions.json', {cache: 'no-store'});
      const site = (await r.json())[assignment];
      if (site && meta.version && site !== meta.version) {
        say('abcore-bar-version', fill(ARGS.text.newer, {new: esc(site), old: esc(meta.version)}));
        const b = bar.querySelector('.abcore-bar-open-new');
        if (b) { b.style.display = ''; }
      }
    } catch (e) { /* a site without published/: nothing to compare */ }
  } else if (ARGS.action === 'hand_in') {
    await panel.context.save();
    const name = ARGS.id + '_' + assignment + '.ipynb';
    const blob = new Blob([JSON.stringify(panel.context.model.toJSON(), null, 1) + '\n'],
                          {type: 'application/x-ipynb+json'});
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    say('abcore-bar-hand-in-status', fill(ARGS.text.downloaded, {name: esc(name)}));
  } else if (ARGS.action === 'open_new') {
    const r = await fetch(base + 'published/' + encodeURIComponent(assignment) + '.ipynb', {cache: 'no-store'});
    const folder = panel.context.path.includes('/') ? panel.context.path.replace(/\/[^/]*$/, '/') : '';
    const path = folder + fill(ARGS.text.new_name, {assignment: assignment});
    await app.serviceManager.contents.save(path, {type: 'notebook', format: 'json', content: await r.json()});
    await app.commands.execute('docmanager:open', {path});
    say('abcore-bar-version', fill(ARGS.text.opened, {name: esc(path)}));
  }
})();
"""


# valid_id's rule for the page (JavaScript's \w is ASCII only: letters and digits by Unicode class);
# the kernel checks again whatever the page wrote (saved_id), so this only spares a useless write.
VALID_JS = r"^[\p{L}\p{N}][\p{L}\p{N}_.\-]{0,63}$"


def _script(action: str, **args: Any) -> str:
    """The page's script for ``action``, with its arguments as JSON (never pasted as code)."""
    payload = {"action": action, "text": texts(), **args}
    return SCRIPT.replace("__ARGS__", json.dumps(payload, ensure_ascii=False).replace("</", "<\\/"))


def _span(text: str) -> str:
    """One inline block: the widget lays its children out as flex items, which would eat the
    spaces around a <b>."""
    return f"<span>{text}</span>"


def _quoted(student: str) -> str:
    """The id as the exercises' messages quote it (« alice » in French); imported when needed, so
    the bar loads without the exercises' catalogue."""
    from .catalogue import quoted
    return quoted(student)


def save_and_say(typed: Any, drive: Any = None) -> tuple[str | None, str]:
    """Save's work: the id kept (:func:`~abcore.exercises.student.save_id`) and what the bar says,
    or ``(None, why)``: a refused id names the rule, any other failure (the browser's storage)
    says what failed and what to do; nothing is left unsaid.

    >>> import tempfile; from pathlib import Path; d = Path(tempfile.mkdtemp())
    >>> save_and_say("Zoe_Martin", d)[0], save_and_say("../x", d)[0]
    ('zoe_martin', None)
    >>> print(save_and_say("bob", d / "gone")[1])
    <span>Your id could not be kept in this browser (FileNotFoundError: ...). Reload the page ...
    """
    t = texts()
    try:
        key = save_id(typed, drive)
    except ValueError as e:
        return None, _span(t["bad"].format(error=html.escape(str(e))))
    except Exception as e:        # the drive's own failure (OSError, a JavaScript error): say it
        error = f"{type(e).__name__}: {e}"
        return None, _span(t["not_kept"].format(error=html.escape(error)))
    return key, _span(t["you"].format(id=key, student=_quoted(key)))


def student_bar() -> Any:
    """Show the student bar in the browser edition (see the module); elsewhere do nothing."""
    if not IN_BROWSER:
        return None
    import ipywidgets as w
    from IPython.display import Javascript, display

    t = texts()
    current = saved_id()
    box = w.Text(value=current or "", placeholder="alice", description=t["id"],
                 layout=w.Layout(width="22em")).add_class("abcore-bar-id")
    save = w.Button(description=t["save"], button_style="primary")
    id_status = w.HTML(_span(t["you"].format(id=current, student=_quoted(current)) if current else t["ask"])).add_class("abcore-bar-id-status")
    hand_in = w.Button(description=t["hand_in"], icon="upload").add_class("abcore-bar-hand-in")
    hand_status = w.HTML("").add_class("abcore-bar-hand-in-status")
    version = w.HTML("").add_class("abcore-bar-version")
    open_new = w.Button(description=t["open_new"], layout=w.Layout(width="auto", display="none"))
    open_new.add_class("abcore-bar-open-new")
    page = w.Output(layout=w.Layout(display="none"))

    def run(action: str, **args: Any) -> None:
        page.outputs = ()
        page.append_display_data(Javascript(_script(action, **args)))

    def on_save(_: Any) -> None:
        key, said = save_and_say(box.value)
        if key is not None:
            box.value = key
        id_status.value = said

    def on_hand_in(_: Any) -> None:
        key = saved_id()
        if key is None:
            hand_status.value = _span(t["need_id"])
            return
        run("hand_in", id=key)

    save.on_click(on_save)
    hand_in.on_click(on_hand_in)
    open_new.on_click(lambda _: run("open_new"))
    bar = w.VBox([w.HBox([box, save]), id_status, w.HBox([hand_in, hand_status]),
                  w.HBox([version, open_new]), page]).add_class("abcore-bar")
    display(bar)
    run("start", id=current or "", idFile=ID_FILE, valid=VALID_JS)
    return None
