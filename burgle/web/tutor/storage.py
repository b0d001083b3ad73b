"""Progress that survives a page reload: a tiny anywidget bound to ``localStorage``.

The browser keeps ``localStorage["burgle-progress"]`` (JSON, see
:class:`burgle.web.tutor.session.Progress`). When the widget is first drawn, its ES module
reads that key and sends it to the kernel once (``restored``, then ``loaded = True``);
afterwards every change of ``progress`` made in Python is written back to the key,
merged with what is stored there: lessons completed in another tab are never lost.
When another tab writes the key, the new value is sent as ``restored`` again and the
kernel merges it into the page.
Nothing read from storage is executed: the kernel parses it as JSON data and keeps only
lesson ids and a step number.
"""

from __future__ import annotations

import anywidget
import traitlets

from burgle.web.tutor.session import Progress

STORAGE_KEY = "burgle-progress"

_ESM = """
const KEY = %r;

function read() {
  try { return window.localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
}

function ids(doc) {
  return doc && Array.isArray(doc.completed) ? doc.completed.filter((x) => typeof x === "string") : [];
}

// Merge, never overwrite: another tab may have finished lessons since this page loaded,
// so the completed lessons stored now are kept beside this page's own.
function merged(value) {
  let mine, theirs;
  try { mine = JSON.parse(value); } catch (e) { return value; }
  try { theirs = JSON.parse(read() || "{}"); } catch (e) { theirs = {}; }
  const done = ids(mine);
  for (const id of ids(theirs)) if (!done.includes(id)) done.push(id);
  mine.completed = done;
  return JSON.stringify(mine);
}

function write(value) {
  if (!value) return;
  try { window.localStorage.setItem(KEY, merged(value)); } catch (e) { /* storage disabled: progress lasts this visit */ }
}

function render({ model, el }) {
  el.classList.add("burgle-storage");
  if (!model.get("loaded")) {
    model.set("restored", read());
    model.set("loaded", true);
    model.save_changes();
  }
  const onChange = () => write(model.get("progress"));
  model.on("change:progress", onChange);
  // Another tab stored progress: hand it to the kernel, which merges it into this page.
  const onStorage = (event) => {
    if (event.key === KEY && event.newValue) { model.set("restored", event.newValue); model.save_changes(); }
  };
  window.addEventListener("storage", onStorage);
  return () => { model.off("change:progress", onChange); window.removeEventListener("storage", onStorage); };
}

export default { render };
""" % STORAGE_KEY


class ProgressStore(anywidget.AnyWidget):
    """Syncs :class:`Progress` with the browser's ``localStorage``.

    ``progress``: the JSON the kernel wants stored (written by the browser on change);
    ``restored``: what the browser had stored when the page loaded ('' if nothing);
    ``loaded``: set by the browser once ``restored`` has been sent.
    """

    _esm = _ESM
    _css = ".burgle-storage { display: none; }"
    progress = traitlets.Unicode("").tag(sync=True)
    restored = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def save(self, progress: Progress) -> None:
        self.progress = progress.to_json()

    def stored(self) -> Progress:
        """The progress the browser had stored (empty if none, or if it was not readable)."""
        return Progress.from_json(self.restored)
