// The tutor page's own script (loaded from the server, never inline; see ../index.html.j2).
//
// 1. Voila's loading helpers, which its lab template writes inline: the "Executing i of n"
//    text, and showing the cells once the notebook has run and the theme is loaded.
// 2. The page's limits, from #burgle-page-config (burgle/web/security/limits.py):
//    `maxlength` on every text box, and a clear notice instead of a silent failure when a
//    paste or a file is too big to send (the server closes the connection on a message over
//    its limit, so nothing that big is ever sent).
// 3. Notices when the page's kernel connection ends: the page asks the server why
//    (burgle/api/page-status/<kernel>) and says so: closed after a long idle time, out of
//    memory, server restarted, or connection lost. Each offers a reload.
(function () {
  "use strict";

  var config = {};
  try {
    config = JSON.parse(document.getElementById("burgle-page-config").textContent || "{}");
  } catch (e) {
    config = {};
  }
  var maxlength = config.maxlength || {};
  var defaultMax = maxlength["default"] || 500;

  // ---------------------------------------------------------------- 1. Voila's helpers
  window.voila_heartbeat = function () {
    console.log("Ok, voila is still executing...");
  };
  window.update_loading_text = function (cellIndex, cellCount, text) {
    var el = document.getElementById("loading_text");
    if (el) {
      el.textContent = text || "Executing " + cellIndex + " of " + cellCount;
    }
  };
  window.display_cells = function () {
    if (!window.themeLoaded) {
      window.cellLoaded = true;
      return;
    }
    var loading = document.getElementById("loading");
    if (loading) {
      loading.parentNode.removeChild(loading);
    }
    var cells = document.getElementById("rendered_cells");
    if (cells) {
      cells.style.display = "";
    }
  };
  window.voila_process = window.update_loading_text;
  window.voila_finish = window.display_cells;

  // ---------------------------------------------------------------- notices
  var notice = null;

  function showNotice(kind, text, withReload) {
    if (!document.body) {
      return;
    }
    if (notice === null) {
      notice = document.createElement("div");
      notice.className = "burgle-page-notice";
      notice.setAttribute("role", "alert");
      document.body.insertBefore(notice, document.body.firstChild);
    }
    notice.setAttribute("data-kind", kind);
    notice.textContent = "";
    var p = document.createElement("span");
    p.className = "burgle-page-notice-text";
    p.textContent = text;
    notice.appendChild(p);
    if (withReload) {
      var reload = document.createElement("button");
      reload.type = "button";
      reload.className = "burgle-page-notice-reload";
      reload.textContent = "Reload the page";
      reload.addEventListener("click", function () {
        window.location.reload();
      });
      notice.appendChild(reload);
    } else {
      var close = document.createElement("button");
      close.type = "button";
      close.className = "burgle-page-notice-close";
      close.textContent = "OK";
      close.addEventListener("click", function () {
        notice.parentNode.removeChild(notice);
        notice = null;
      });
      notice.appendChild(close);
    }
  }
  window.burgleNotice = showNotice; // for the apps and the tests

  function number(n) {
    return Number(n).toLocaleString("en");
  }

  function size(bytes) {
    if (bytes >= 1024 * 1024) {
      return (bytes / (1024 * 1024)).toFixed(1) + " MB";
    }
    return Math.ceil(bytes / 1024) + " kB";
  }

  // ---------------------------------------------------------------- 2. limits
  function limitFor(box) {
    var el = box;
    while (el && el !== document.body) {
      if (el.classList) {
        for (var i = 0; i < el.classList.length; i++) {
          var cls = el.classList[i];
          if (Object.prototype.hasOwnProperty.call(maxlength, cls)) {
            return maxlength[cls];
          }
        }
      }
      el = el.parentElement;
    }
    return defaultMax;
  }

  function isTextBox(el) {
    if (!el || !el.tagName) {
      return false;
    }
    var tag = el.tagName.toLowerCase();
    return tag === "textarea" || (tag === "input" && (el.type === "text" || el.type === "search" || el.type === ""));
  }

  function applyLimits(root) {
    var boxes = (root.querySelectorAll ? root.querySelectorAll("input, textarea") : []);
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (isTextBox(box) && !box.hasAttribute("maxlength")) {
        box.setAttribute("maxlength", String(limitFor(box)));
      }
    }
  }

  function setLimit(box) {
    var limit = String(limitFor(box));
    if (box.getAttribute("maxlength") !== limit) {
      box.setAttribute("maxlength", limit);
    }
  }

  var limitObserver = new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      if (records[i].type === "attributes") {
        // A widget's classes can arrive after its text box: size its boxes again.
        var boxes = records[i].target.querySelectorAll ? records[i].target.querySelectorAll("input, textarea") : [];
        for (var b = 0; b < boxes.length; b++) {
          if (isTextBox(boxes[b])) {
            setLimit(boxes[b]);
          }
        }
        continue;
      }
      var added = records[i].addedNodes;
      for (var j = 0; j < added.length; j++) {
        var node = added[j];
        if (node.nodeType !== 1) {
          continue;
        }
        if (isTextBox(node) && !node.hasAttribute("maxlength")) {
          node.setAttribute("maxlength", String(limitFor(node)));
        }
        applyLimits(node);
        if (node.hasAttribute && node.hasAttribute("cell-index")) {
          window.voila_process(node.getAttribute("cell-index"), node.getAttribute("data-cell-count"));
        }
      }
    }
  });
  limitObserver.observe(document.documentElement,
    { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
  // And whenever a box is about to take text, from its classes as they are now.
  document.addEventListener("focusin", function (event) {
    if (isTextBox(event.target)) {
      setLimit(event.target);
    }
  }, true);

  // A paste that would not fit: refuse it whole (the browser would cut it silently, and a
  // cut save is a broken save).
  document.addEventListener("paste", function (event) {
    var box = event.target;
    if (!isTextBox(box)) {
      return;
    }
    var limit = Number(box.getAttribute("maxlength")) || limitFor(box);
    var pasted = (event.clipboardData && event.clipboardData.getData("text")) || "";
    var kept = box.value.length - Math.abs((box.selectionEnd || 0) - (box.selectionStart || 0));
    if (kept + pasted.length > limit) {
      event.preventDefault();
      showNotice("too-big", "That text is " + number(pasted.length) + " characters; this box takes at most " +
        number(limit) + ". Nothing was pasted.", false);
    }
  }, true);

  // A file that is too big is refused here, before the page reads it or sends it. The upload
  // widget's file input is never in the document (it is clicked from the button), so its
  // `change` event cannot be caught on the way: the page sees no file at all instead.
  var filesProperty = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "files");
  if (filesProperty && filesProperty.get) {
    Object.defineProperty(HTMLInputElement.prototype, "files", {
      configurable: true,
      enumerable: filesProperty.enumerable,
      set: filesProperty.set,
      get: function () {
        var files = filesProperty.get.call(this);
        if (this.type !== "file" || !files) {
          return files;
        }
        var limit = config.max_file_bytes || 200000;
        for (var i = 0; i < files.length; i++) {
          if (files[i].size > limit) {
            showNotice("too-big", "The file " + files[i].name + " is " + size(files[i].size) +
              "; a save file is at most " + size(limit) + ". Nothing was sent, and the game on the page is kept.",
              false);
            try {
              this.value = "";
            } catch (e) { /* nothing */ }
            return new DataTransfer().files;
          }
        }
        return files;
      }
    });
  }

  // ---------------------------------------------------------------- 3. the kernel connection
  var ended = false;
  var sockets = 0;

  function baseUrl() {
    try {
      var page = JSON.parse(document.getElementById("jupyter-config-data").textContent);
      return { base: page.baseUrl || "/", kernel: page.kernelId };
    } catch (e) {
      return { base: "/", kernel: null };
    }
  }

  var MESSAGES = {
    idle: function () {
      var seconds = config.idle_seconds || 1800;
      var span = seconds >= 120 ? Math.round(seconds / 60) + " minutes" : seconds + " seconds";
      return "This page was closed after " + span + " without use, to make room for other " +
        "visitors. Reload the page to start again.";
    },
    memory: function () {
      return "This page used all the memory one visitor may have, so it was stopped. Reload the page to " +
        "start again.";
    },
    "too-big": function () {
      return "That was too big to send (the page sends at most " + size(config.max_message_bytes || 1048576) +
        " at once), so the connection was closed. Reload the page to go on.";
    },
    closed: function () {
      return "This page's session has ended. Reload the page to start again.";
    },
    unknown: function () {
      return "The tutor's server was restarted or this page expired. Reload the page to start again.";
    },
    lost: function () {
      return "The connection to the tutor's server was lost. Reload the page to go on.";
    }
  };

  function endWith(reason) {
    if (ended) {
      return;
    }
    if ((reason === "lost" || reason === "unknown") && document.querySelector(".burgle-helper")) {
      // The apps' own watchdog (burgle.web.ui.PageHelper) already says the connection is
      // lost, with a reload button: nothing more precise to add.
      return;
    }
    ended = true;
    var text = (MESSAGES[reason] || MESSAGES.lost)();
    showNotice(reason, text, true);
    document.documentElement.setAttribute("data-burgle-ended", reason);
    // This notice says why; the apps' generic "connection lost" banner (burgle.web.ui.PageHelper)
    // would only repeat it less precisely (burgle-page.css hides it).
    document.documentElement.classList.add("burgle-ended");
  }

  function askWhy(afterClose) {
    var where = baseUrl();
    if (!where.kernel) {
      endWith("lost");
      return;
    }
    fetch(where.base + "burgle/api/page-status/" + encodeURIComponent(where.kernel),
      { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : { state: "unknown" }; })
      .then(function (answer) {
        var state = answer && answer.state;
        if (state === "running") {
          // Still there: the page's own reconnection should bring it back.
          if (afterClose) {
            window.setTimeout(function () {
              if (sockets === 0) {
                endWith("lost");
              }
            }, 10000);
          }
          return;
        }
        endWith(state || "unknown");
      })
      .catch(function () { endWith("lost"); });
  }

  // The v1 kernel websocket protocol: 8-byte count, offsets, then channel, header, ...,
  // content. Only the header and content of iopub status messages are read.
  function kernelDied(data) {
    try {
      if (typeof data === "string") {
        var msg = JSON.parse(data);
        return msg.header && msg.header.msg_type === "status" && msg.content &&
          msg.content.execution_state === "dead";
      }
      var view = new DataView(data);
      var count = Number(view.getBigUint64(0, true));
      if (count < 6) {
        return false;
      }
      var offsets = [];
      for (var i = 0; i < count; i++) {
        offsets.push(Number(view.getBigUint64(8 * (i + 1), true)));
      }
      var decoder = new TextDecoder();
      var part = function (k) { return decoder.decode(new Uint8Array(data, offsets[k], offsets[k + 1] - offsets[k])); };
      if (part(0) !== "iopub" || part(1).indexOf('"status"') < 0) {
        return false;
      }
      return JSON.parse(part(1)).msg_type === "status" && JSON.parse(part(5)).execution_state === "dead";
    } catch (e) {
      return false;
    }
  }

  var NativeWebSocket = window.WebSocket;
  function WatchedWebSocket(url, protocols) {
    var ws = protocols === undefined ? new NativeWebSocket(url) : new NativeWebSocket(url, protocols);
    if (/\/api\/kernels\/[^/]+\/channels/.test(String(url))) {
      // Never send a message over the server's limit: it would close the connection, and the
      // page and its kernel would no longer agree. Say so instead.
      var limit = config.max_message_bytes || 1048576;
      var send = ws.send.bind(ws);
      ws.send = function (data) {
        var bytes = typeof data === "string" ? new TextEncoder().encode(data).length :
          (data.byteLength !== undefined ? data.byteLength : (data.size || 0));
        if (bytes > limit) {
          showNotice("too-big", "That was too big to send: " + size(bytes) + ", and the page sends at most " +
            size(limit) + " at once. It was not sent; reload the page if it looks out of step.", false);
          return;
        }
        send(data);
      };
      ws.addEventListener("open", function () { sockets += 1; });
      ws.addEventListener("message", function (event) {
        if (kernelDied(event.data)) {
          askWhy(false);
        }
      });
      ws.addEventListener("close", function (event) {
        sockets = Math.max(0, sockets - 1);
        if (event.code === 1009) {
          endWith("too-big");
        } else if (!unloading) {
          askWhy(true);
        }
      });
    }
    return ws;
  }
  WatchedWebSocket.prototype = NativeWebSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (k) { WatchedWebSocket[k] = NativeWebSocket[k]; });
  window.WebSocket = WatchedWebSocket;

  var unloading = false;
  window.addEventListener("beforeunload", function () { unloading = true; });
})();
