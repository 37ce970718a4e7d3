// The club's table page: one websocket to the server, which holds the game.
// Every move goes out as the engine's action numbers with the number of moves this
// page has seen ("at"), so a move sent twice or for a state already gone is refused.
// A claim window's clock is the server's (server/claims.py): the countdown only shows it.
(function () {
  "use strict";
  const root = document.getElementById("club-table");
  const W = JSON.parse(root.dataset.words);
  const SUIT = { b: "#1b7f3b", c: "#b3261e", d: "#1f4fa3" };
  // the log panel shows the last LOG_LINES lines the table said to this seat
  const LOG_LINES = 60;
  let view = null, ws = null, chosen = [], sorted = true, timer = null, lines = [];

  function fmt(s, args) { return s.replace(/%\((\w+)\)s/g, (_, k) => args[k]); }

  // a tile drawn as a tile: an ivory face, its code in the suit's colour
  function tile(code, opts) {
    opts = opts || {};
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 40 54");
    svg.setAttribute("class", "tile" + (opts.small ? " small" : "") + (opts.on ? " on" : ""));
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", code);
    svg.dataset.code = code;
    const r = document.createElementNS(ns, "rect");
    Object.entries({ x: 1, y: 1, width: 38, height: 52, rx: 5, fill: "#fbf6e9", stroke: "#6b5d3f", "stroke-width": 1.5 })
      .forEach(([k, v]) => r.setAttribute(k, v));
    svg.appendChild(r);
    const t = document.createElementNS(ns, "text");
    const suit = code.length === 2 ? code[1] : "";
    Object.entries({ x: 20, y: 34, "text-anchor": "middle", "font-size": code.length > 1 ? 18 : 22,
      "font-family": "sans-serif", "font-weight": "bold",
      fill: SUIT[suit] || (code === "R" ? "#b3261e" : code === "G" ? "#1b7f3b" : "#222") })
      .forEach(([k, v]) => t.setAttribute(k, v));
    t.textContent = code;
    svg.appendChild(t);
    return svg;
  }

  function send(actions) {
    ws.send(JSON.stringify({ actions: actions, at: view.moves }));
    chosen = [];
  }

  function clearTimer() { if (timer) { clearInterval(timer); timer = null; } }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function render() {
    const v = view;
    const status = document.getElementById("status");
    status.textContent = v.over ? W.over :
      `${v.title} · ${v.hand_no}${v.hands_total ? "/" + v.hands_total : ""} · ${W.wall} ${v.wall_left ?? "-"}`;
    // the seats: names, exposures, discards
    const seats = document.getElementById("seats");
    seats.replaceChildren();
    (v.names || []).forEach((name, s) => {
      const d = el("div", "seat" + (v.turn === s ? " turn" : ""));
      const wind = v.seat_winds && v.seat_winds.length ? v.seat_winds[(s - v.dealer + v.seat_winds.length) % v.seat_winds.length] : "";
      d.appendChild(el("div", "name", `${name} ${wind} (${(v.totals[s] >= 0 ? "+" : "") + v.totals[s]})`));
      const ex = el("div", "exposed");
      (v.exposures ? v.exposures[s] : []).forEach(e => { e.tiles.forEach(c => ex.appendChild(tile(c, { small: true }))); ex.appendChild(el("span", "gap", " ")); });
      d.appendChild(ex);
      const ds = el("div", "discards");
      (v.discards ? v.discards[s] : []).forEach(c => ds.appendChild(tile(c, { small: true })));
      d.appendChild(ds);
      // a regular's seat: move there from the next hand (the server says whether it can be)
      if (!v.over && v.people && !v.people[s]) {
        const b = el("button", "seat-move", v.moving_to === s ? W.sitting : W.sit_here);
        b.dataset.seat = s;
        b.addEventListener("click", () => ws.send(JSON.stringify({ seat: v.moving_to === s ? v.seat : s })));
        d.appendChild(b);
      }
      seats.appendChild(d);
    });
    // the rack: your tiles, sortable; tiles you may play are live
    const legal = v.legal || [];
    const byTile = {};
    legal.forEach(m => { if (m.tile && (m.family === "discard" || m.family === "pass")) byTile[m.tile] = m; });
    const hand = document.getElementById("hand");
    hand.replaceChildren();
    let codes = (v.hand || []).slice();
    if (!sorted && root._order) codes = root._order.filter(c => { const i = codes.indexOf(c); if (i < 0) return false; codes.splice(i, 1); return true; }).concat(codes);
    root._order = codes.slice();
    const counts = {};
    chosen.forEach(a => { counts[a] = (counts[a] || 0) + 1; });
    codes.forEach(c => {
      const m = byTile[c];
      const on = m && counts[m.a] > 0;
      if (on) counts[m.a] -= 1;
      const t = tile(c, { on: on });
      if (m) {
        t.classList.add("live");
        t.addEventListener("click", () => {
          if (m.family === "discard") { send([m.a]); return; }
          const i = chosen.indexOf(m.a);
          if (on && i >= 0) chosen.splice(i, 1); else if (chosen.length < v.pass_count) chosen.push(m.a);
          render();
        });
      }
      hand.appendChild(t);
    });
    // the prompt and the other moves
    const prompt = document.getElementById("prompt");
    const moves = document.getElementById("moves");
    moves.replaceChildren();
    clearTimer();
    delete prompt.dataset.seconds;  // set again only while a claim window's clock runs
    const fams = new Set(legal.map(m => m.family));
    if (v.over) prompt.textContent = W.over;
    else if (!v.to_act) prompt.textContent = W.wait;
    else if (fams.has("pass")) {
      prompt.textContent = fmt(W.pass, { n: v.pass_count, dir: v.direction || "" });
      const b = el("button", "pass", W.pass_button);
      b.id = "pass";
      b.disabled = chosen.length !== v.pass_count;
      b.addEventListener("click", () => send(chosen.slice()));
      moves.appendChild(b);
    } else if (fams.has("no_claim")) {
      const left = v.live_discard ? v.live_discard.tile : "";
      prompt.textContent = fmt(W.claim, { tile: left });
      if (v.claim_left !== null && v.claim_left !== undefined) {
        const ends = Date.now() + v.claim_left * 1000;
        const tick = () => {
          const s = Math.max(0, Math.ceil((ends - Date.now()) / 1000));
          prompt.textContent = fmt(W.claim, { tile: left }) + " " + fmt(W.seconds, { s: s });
          prompt.dataset.seconds = s;
          if (s <= 0) clearTimer();  // the server closes the window and sends the table again
        };
        tick();
        timer = setInterval(tick, 250);
      }
    } else if (fams.has("discard")) prompt.textContent = W.your_turn;
    else prompt.textContent = "";
    if (v.to_act) legal.filter(m => m.family !== "discard" && m.family !== "pass").forEach(m => {
      const b = el("button", "move", m.name);
      b.dataset.action = m.a;
      b.dataset.family = m.family;
      if (m.confirm) b.title = m.confirm;
      // a mah jongg the win check says is false is declared only once the person says yes
      b.addEventListener("click", () => { if (!m.confirm || window.confirm(m.confirm + "\n" + W.anyway)) send([m.a]); });
      moves.appendChild(b);
    });
    // the card's nearest hands, the guide, the log
    const near = document.getElementById("nearest");
    near.replaceChildren();
    (v.nearest || []).forEach(h => near.appendChild(el("li", "near", `${h.hand} · ${h.points} · ${fmt(W.need, { n: h.need })}`)));
    // the card beside the table: the nearest lines marked, nearest first
    document.querySelectorAll("#card .card-line.near").forEach(li => {
      li.classList.remove("near", "nearest");
      li.querySelector(".need").textContent = "";
    });
    (v.nearest || []).forEach((h, i) => {
      const li = document.querySelector(`#card .card-line[data-line="${h.line}"]`);
      if (!li || li.classList.contains("near")) return;
      li.classList.add("near");
      if (i === 0) li.classList.add("nearest");
      li.querySelector(".need").textContent = fmt(W.need, { n: h.need });
      // beside the table the card scrolls on its own: bring the nearest line into its view
      const panel = document.getElementById("card");
      if (i === 0 && panel.scrollHeight > panel.clientHeight) panel.scrollTop = li.offsetTop - panel.clientHeight / 3;
    });
    const guide = document.getElementById("guide");
    guide.replaceChildren();
    (v.guide || []).forEach(line => guide.appendChild(el("p", "guide", line)));
    if (v.hint && v.hint.length) guide.appendChild(el("p", "hint", W.hint + ": " + v.hint.map(a => (legal.find(m => m.a === a) || { name: a }).name).join(", ")));
    const log = document.getElementById("log");
    log.replaceChildren();
    lines.forEach(line => log.appendChild(el("li", "", line)));
    log.scrollTop = log.scrollHeight;
    root.dataset.moves = v.moves;
    root.dataset.over = v.over ? "yes" : "no";
  }

  // on a phone the card starts folded: a tap on its heading opens it
  const card = document.getElementById("card");
  if (card && window.matchMedia("(max-width: 600px)").matches) card.open = false;

  document.getElementById("sort").addEventListener("click", () => { sorted = !sorted; if (view) render(); });

  function connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/${root.dataset.game}`);
    ws.onmessage = ev => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") {
        // the server sends the log lines this page has not had ("more"), or all it keeps ("all")
        lines = (msg.log === "more" ? lines.concat(msg.events || []) : (msg.events || [])).slice(-LOG_LINES);
        view = msg; chosen = []; render();
      }
      else if (msg.type === "error") { document.getElementById("prompt").textContent = msg.message; }
    };
    ws.onclose = () => { clearTimer(); setTimeout(connect, 1500); };
  }
  connect();
})();
