// Dice Tabletop's phone page: shows what the table sends this seat, sends back which thing was tapped.
// It never builds a move: every tap names one of the things the last page offered (and that page's number).
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let page = null;
  let retry = 1000;

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + location.pathname + "ws";
    socket = new WebSocket(url);
    socket.onopen = () => { retry = 1000; status("Connected. Waiting for the table…", false); };
    socket.onmessage = (message) => {
      let data;
      try { data = JSON.parse(message.data); } catch (error) { return; }
      if (data.type === "page") { show(data); }
    };
    socket.onclose = (closed) => {
      if (closed.code >= 4000 && closed.code < 4100) {
        status(closed.reason || "This phone is no longer this seat's.", false);
        $("headline").textContent = "Not connected";
        return;                                  // revoked or taken: scanning again gives a new address
      }
      status("The connection was lost: reconnecting…", false);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  function status(text, yours) {
    const box = $("status");
    box.textContent = text;
    box.classList.toggle("yours", !!yours);
  }

  function send(kind, index, x, y) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !page) { return; }
    const tap = { type: "tap", seq: page.seq, kind: kind, index: index };
    if (x !== undefined) { tap.x = x; tap.y = y; }
    socket.send(JSON.stringify(tap));
  }

  function button(text, classes, enabled, reason, onTap) {
    const node = document.createElement("button");
    node.className = classes;
    node.textContent = text;
    node.disabled = !enabled;
    if (reason && !enabled) {
      const why = document.createElement("span");
      why.className = "why";
      why.textContent = reason;
      node.appendChild(why);
    }
    node.addEventListener("click", onTap);
    return node;
  }

  function show(data) {
    page = data;
    document.body.dataset.seq = String(data.seq);       // which page is shown (read by the browser tests)
    document.body.dataset.yours = data.yours ? "yes" : "no";
    document.documentElement.style.setProperty("--seat", data.colour || "#f0c14b");
    $("seat").textContent = data.seat;
    $("game").textContent = "· " + data.game;
    $("headline").textContent = data.headline;
    $("prompt").textContent = data.prompt;
    status(data.status, data.yours);
    const notice = $("notice");
    notice.hidden = !data.notice;
    notice.textContent = data.notice || "";
    if (data.picture) { $("picture").src = data.picture; }
    const targets = $("targets");
    targets.replaceChildren(...data.targets.map((t, i) =>
      button(t.label, t.glow ? "target" : "", true, "", () => send("target", i))));
    const buttons = $("buttons");
    const list = data.buttons.map((b, i) =>
      button(b.text, b.primary ? "primary" : "", b.enabled, b.reason, () => send("button", i)));
    if (data.back) { list.push(button("Back: forget this choice", "", true, "", () => send("back", -1))); }
    buttons.replaceChildren(...list);
    const menu = $("menu");
    menu.hidden = !data.menu;
    if (data.menu) {
      $("menu-title").textContent = data.menu.title;
      $("menu-items").replaceChildren(...data.menu.items.map((item, i) =>
        button(item.text, item.primary ? "primary" : "", item.enabled, item.reason, () => send("menu", i))));
    }
    const lines = $("lines");
    lines.replaceChildren(...data.log.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  }

  $("frame").addEventListener("click", (event) => {
    const frame = $("frame");
    const picture = $("picture");
    if (!frame.classList.contains("zoomed")) { frame.classList.add("zoomed"); return; }
    const box = picture.getBoundingClientRect();
    const x = (event.clientX - box.left) / box.width;
    const y = (event.clientY - box.top) / box.height;
    if (x >= 0 && x <= 1 && y >= 0 && y <= 1) { send("point", -1, x, y); }
  });
  $("frame").addEventListener("dblclick", () => $("frame").classList.remove("zoomed"));
  connect();
}());
