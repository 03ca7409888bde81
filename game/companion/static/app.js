/* Secret Salon phone page: join a seat, then show that seat's screen and send its moves.
 *
 * Protocol v1 (docs/architecture.md, "Companion"): JSON text frames with "v": 1 and
 * "type". The page only draws what the game sends: a "view" holds a screen built by
 * game/companion/present.py (title, facts, sections of items; an item with a move is a
 * button that sends {"kind", "data"} back as an "act"; one with choices opens a menu;
 * one with "confirm" asks that question first; one with "hold" must be held). An "icon"
 * is an OpenMoji code, drawn with the game's own picture (/picto/<code>.svg, the TV's
 * art), never with the phone's emoji font; an item with "faces" is a card drawn as the
 * TV draws it: its faces one under the other, each a row of pictures.
 * The seat token is kept in localStorage, so a reloaded or re-woken phone takes its
 * seat back, and a phone whose seat was opened elsewhere may take it back by a tap.
 * Strings come from the game (strings.json, data/i18n/<lang>/phone.yaml).
 *
 * The audience (issue 30): a phone joins as the audience by choice ("Watch and play
 * along") or when the table is full and the game says it may watch (error table_full
 * with audience: true; the same socket says hello again as the audience). It gets the
 * shared "audience" message (the TV's public view as the game's audience screen, the
 * table, the leaderboard) and its own "you" (score, rank, picks); a question's menu
 * items carry a "guess" it sends back as {question, answer}. Its token is kept as a
 * seat's is (with mode "audience"), so a reload brings its score back. A room with a
 * password asks for it once the game refused a hello for it (bad_password).
 */
"use strict";

const V = 1;
const store = {
  get(key) { try { return localStorage.getItem("salon." + key); } catch (e) { return null; } },
  set(key, value) { try { value == null ? localStorage.removeItem("salon." + key) : localStorage.setItem("salon." + key, value); } catch (e) { /* private mode: no memory */ } },
};
const $ = (id) => document.getElementById(id);
const el = (tag, cls, text) => {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text != null) node.textContent = text;
  return node;
};

const app = {
  ws: null, strings: {}, lang: null, seat: null, roster: [], screen: null,
  ended: false, retries: 0, timer: null, sheet: null, menu: null, asking: null,
  /* the audience: whether this phone watches, the shared message and its own standing */
  audience: store.get("mode") === "audience", shared: null, you: null, share: null,
  password: "",
  room: (new URLSearchParams(location.search).get("room") || store.get("room") || "").toUpperCase(),
};

/* --- strings --------------------------------------------------------------------- */
function t(key, fmt) {
  const text = app.strings[key];
  if (text == null) return key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (fmt && name in fmt ? fmt[name] : "{" + name + "}"));
}

async function loadStrings(lang) {
  try {
    const response = await fetch("strings.json" + (lang ? "?lang=" + encodeURIComponent(lang) : ""));
    if (response.ok) {
      const body = await response.json();
      app.strings = body.strings || {};
      app.lang = body.lang || lang;
      document.documentElement.lang = app.lang || "en";
    }
  } catch (e) { /* the page still works with its keys as text */ }
  document.querySelectorAll("[data-t]").forEach((node) => { node.textContent = t(node.dataset.t); });
  $("leave").textContent = t(app.audience ? "leave_audience" : "leave");
  if (app.strings.title) document.title = t("title");
  if (app.roster.length || app.audience) renderLobby();
  if (app.screen) renderScreen();
}

/* An error reason as the player reads it: a protocol id, or "illegal:<engine refusal>",
   in words when the page has some for it (a stroke the engine refused: bad_stroke). */
function reasonText(reason) {
  const why = reason.startsWith("illegal:") ? reason.slice(8) : reason;
  return app.strings["reason." + why] != null ? t("reason." + why) : t("reason.illegal", { reason: why });
}

/* --- seat colour and shape ------------------------------------------------------- */
const SHAPES = {
  circle: '<circle r="0.9"/>',
  square: '<rect x="-0.8" y="-0.8" width="1.6" height="1.6" rx="0.15"/>',
  triangle: '<polygon points="0,-0.95 0.9,0.7 -0.9,0.7"/>',
  diamond: '<polygon points="0,-0.95 0.8,0 0,0.95 -0.8,0"/>',
  star: '<polygon points="0,-0.95 0.22,-0.3 0.9,-0.3 0.35,0.12 0.56,0.8 0,0.4 -0.56,0.8 -0.35,0.12 -0.9,-0.3 -0.22,-0.3"/>',
  hexagon: '<polygon points="0.45,-0.8 0.9,0 0.45,0.8 -0.45,0.8 -0.9,0 -0.45,-0.8"/>',
  cross: '<polygon points="-0.3,-0.9 0.3,-0.9 0.3,-0.3 0.9,-0.3 0.9,0.3 0.3,0.3 0.3,0.9 -0.3,0.9 -0.3,0.3 -0.9,0.3 -0.9,-0.3 -0.3,-0.3"/>',
  heart: '<path d="M0,0.85 C-1.1,0.05 -0.85,-0.9 0,-0.4 C0.85,-0.9 1.1,0.05 0,0.85Z"/>',
};

function shapeSvg(shape, colour) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "-1 -1 2 2");
  svg.setAttribute("aria-hidden", "true");
  svg.style.fill = colour || "currentColor";
  svg.innerHTML = SHAPES[shape] || SHAPES.circle;
  return svg;
}

/* The game's picture for OpenMoji code ``code`` (served by the game: the TV's art). */
function picture(code, label, cls) {
  const img = el("img", cls || "picto");
  img.src = "/picto/" + encodeURIComponent(code) + ".svg";
  img.alt = label || "";
  img.draggable = false;
  return img;
}

/* A card as the TV draws it: its faces one under the other, a line between them, each
   face a row of pictures with their words under them. */
function cardFaces(faces) {
  const card = el("span", "faces");
  for (const face of faces) {
    const row = el("span", "face");
    for (const side of face) {
      const cell = el("span", "side");
      cell.append(picture(side.icon, ""), el("span", "word", side.label));
      row.append(cell);
    }
    card.append(row);
  }
  return card;
}

function seatName(index) {
  const seat = app.roster[index];
  return seat ? seat.name : null;
}

/* --- connection ------------------------------------------------------------------- */
function setState(key, bad) {
  $("state").textContent = key ? t(key) : "";
  $("state").classList.toggle("bad", !!bad);
}

function send(type, fields) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify(Object.assign({ v: V, type: type }, fields || {})));
    return true;
  }
  return false;
}

function connect() {
  clearTimeout(app.timer);
  if (app.ws && app.ws.readyState <= WebSocket.OPEN) return;
  const token = store.get("token");
  const name = store.get("name");
  if (!token && !name) { showJoin(); return; }
  setState(app.retries ? "reconnecting" : "connecting", app.retries > 0);
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  app.ws = ws;
  ws.onopen = () => { send("hello", helloFields(token, name)); };
  ws.onmessage = (message) => {
    let data;
    try { data = JSON.parse(message.data); } catch (e) { return; }
    if (data && data.v === V && handlers[data.type]) handlers[data.type](data);
  };
  ws.onclose = () => {
    if (app.ws !== ws) return;
    app.ws = null;
    if (app.ended) return;
    app.retries += 1;
    setState("reconnecting", true);
    app.timer = setTimeout(connect, Math.min(5000, 500 * app.retries));
  };
}

/* What a hello says: a seat's (or a member's) token, else a name; the audience flag and
   the room's password when given. */
function helloFields(token, name) {
  const fields = token ? { room: app.room, token: token } : { room: app.room, name: name };
  if (app.audience) fields.audience = true;
  if (app.password && !token) fields.password = app.password;
  return fields;
}

const handlers = {
  welcome(m) {
    app.retries = 0;
    app.audience = !!m.audience;
    app.seat = app.audience ? null : m.seat;
    if (m.seats) app.roster = m.seats;  /* names and colours, also for a phone reloaded mid-match */
    store.set("token", m.token);
    store.set("mode", app.audience ? "audience" : null);
    store.set("room", app.room);
    document.documentElement.style.setProperty("--seat", app.audience ? "#f2b134" : m.colour || "#f2b134");
    $("shape").innerHTML = app.audience ? SHAPES.star : SHAPES[m.shape] || SHAPES.circle;
    $("me").textContent = m.name;
    $("badge").hidden = false;
    $("leave").hidden = false;
    $("leave").textContent = t(app.audience ? "leave_audience" : "leave");
    $("join").hidden = true;
    setState("");
    if (app.audience && !app.shared) renderLobby();
    if (m.lang && m.lang !== app.lang) loadStrings(m.lang);
  },
  /* The audience's shared message: the same bytes for every member. */
  audience(m) {
    app.shared = m;
    app.roster = m.seats || [];
    app.screen = m.screen || null;
    if (!app.screen) { closeMenu(); renderLobby(); } else renderScreen();
  },
  you(m) {
    app.you = m;
    if (app.screen) renderScreen();
  },
  lobby(m) {
    app.roster = m.seats || [];
    app.seat = m.you;
    app.share = { room: m.room, password: m.password };
    app.screen = null;
    closeMenu();
    closeAsk();
    renderLobby();
  },
  view(m) {
    app.screen = m.screen;
    renderScreen();
  },
  event() { /* the TV tells the story; the view that follows carries what changed */ },
  error(m) {
    const reason = String(m.reason || "");
    if (reason === "table_full" && m.audience && !app.audience) {  /* the seats are full: watch instead */
      app.audience = true;
      toast(t("full_so_watch"));
      send("hello", helloFields(null, store.get("name")));
      return;
    }
    if (["unknown_token", "bad_room", "bad_password", "locked", "table_full", "no_lobby", "no_audience",
         "audience_full"].includes(reason)) {
      store.set("token", null);
      store.set("mode", null);
      app.ended = true;
      if (app.ws) app.ws.close();
      showJoin(reason);
      return;
    }
    toast(reasonText(reason));
  },
  bye(m) {
    app.ended = true;
    let reason = m.reason === "replaced" ? "replaced" : m.reason === "kicked" || m.reason === "left" ? "kicked" : "closed";
    if (reason === "kicked") { store.set("token", null); store.set("mode", null); }
    if (reason === "kicked" && app.audience) reason = "left_audience";
    notice(reason);
  },
  pong() {},
};

/* --- screens -------------------------------------------------------------------- */
function only(id) {
  for (const name of ["join", "lobby", "screen", "notice"]) $(name).hidden = name !== id;
}

function showJoin(reason) {
  only("join");
  app.audience = false;
  app.shared = app.you = app.screen = null;
  $("badge").hidden = true;
  $("leave").hidden = true;
  $("name").value = store.get("name") || "";
  $("room").value = app.room;
  $("room-field").hidden = !!app.room && !reason;
  if (reason === "bad_password") {  /* asked from now on: the room has one */
    $("password-field").hidden = false;
    $("password").value = "";
  }
  setState(reason ? null : "");
  if (reason) toast(reasonText(reason));
}

function notice(key) {
  closeMenu();
  closeAsk();
  only("notice");
  $("notice-text").textContent = t(key);
  $("reclaim").hidden = key !== "replaced";
  $("leave").hidden = true;
  setState("");
}

/* The lobby: the table's seats; a seated player also gets the room's code (and password)
   to pass on, which a streamer's TV may hide; the audience reads that it watches. */
function renderLobby() {
  if (app.screen) return;
  only("lobby");
  $("lobby-title").textContent = t(app.audience ? "audience_lobby" : "lobby");
  const share = !app.audience && app.share && app.share.room;
  $("share").hidden = !share;
  if (share) {
    $("share").textContent = app.share.password ? t("share_password", app.share) : t("share", app.share);
  }
  const list = $("roster");
  list.replaceChildren();
  app.roster.forEach((seat, index) => {
    const row = el("li", index === app.seat ? "you" : "");
    row.append(shapeSvg(seat.shape, seat.colour), el("span", "", seat.name), el("span", "kind", t("kind_" + seat.kind)));
    list.append(row);
  });
}

function renderScreen() {
  const screen = app.screen;
  if (!screen) return;
  only("screen");
  $("screen").classList.toggle("drawing", !!screen.canvas);
  $("title").textContent = screen.title || "";
  $("title").classList.toggle("waiting", !!screen.waiting);
  const facts = $("facts");
  facts.replaceChildren();
  for (const fact of screen.facts || []) {
    const row = el("li", fact.value ? "" : "wide");
    const label = el("span", "fact-label");
    if (fact.icon) label.append(picture(fact.icon, "", "picto fact-icon"));
    label.append(fact.label);
    row.append(label);
    if (fact.value) row.append(" ", el("span", "fact-value", fact.value));
    facts.append(row);
  }
  const host = $("sheet-host");
  if (screen.canvas) {
    if (!app.sheet) app.sheet = new DrawingSheet(host, (stroke) => sendMove({ kind: screen.canvas.kind, data: { stroke: stroke } }), t);
    app.sheet.update(screen.canvas);
  } else if (app.sheet) {
    app.sheet = null;
    host.replaceChildren();
  }
  const sections = $("sections");
  sections.replaceChildren();
  for (const section of screen.sections || []) {
    const box = el("div", "section");
    if (section.title) box.append(el("h2", "", section.title));
    box.append(itemsGrid(section.items, section.columns));
    sections.append(box);
  }
  renderStanding();
  if (app.menu) openMenu(app.menu.phase === screen.game + "/" + screen.phase ? findItem(app.menu.label) : null);
  if (app.asking && !stillAsked(app.asking)) closeAsk();
}

function itemsGrid(items, columns) {
  const grid = el("div", "items" + (columns > 2 ? " grid" : ""));
  if (columns) grid.style.setProperty("--columns", columns);
  items.forEach((item, index) => grid.append(itemButton(item, index)));
  return grid;
}

/* The audience's own standing above its screen (score, rank) and the leaderboard under
   it, first once the match is over. */
function renderStanding() {
  const you = app.audience && app.you;
  $("standing").hidden = !you;
  if (you) $("standing").textContent = t("standing", you);
  const leaders = app.audience && app.shared && app.shared.board && app.shared.board.length ? app.shared.board : null;
  $("leaders").hidden = !leaders;
  if (!leaders) return;
  $("leader-list").replaceChildren(...leaders.map((row) => {
    const line = el("li", "", null);
    line.append(el("span", "rank", String(row.rank)), el("span", "", row.name), el("span", "kind score", String(row.score)));
    return line;
  }));
  const over = !!(app.shared && app.shared.over);
  $("leaders").classList.toggle("first", over);
  if (over) $("screen").insertBefore($("leaders"), $("title"));
  else $("screen").append($("leaders"));
}

/* The audience's pick on a question (null: none yet). */
function myPick(question) {
  const picks = (app.you && app.you.picks) || {};
  return question in picks ? picks[question] : null;
}

function itemButton(item, index) {
  const live = item.move || item.guess || (item.choices && item.choices.items.length);
  const node = el(live ? "button" : "div", "item " + (live ? "action" : "tile"));
  const picked = item.ask != null ? myPick(item.ask) : null;
  if (item.selected || picked != null || (item.guess && myPick(item.guess.question) === item.guess.answer)) {
    node.classList.add("selected");
  }
  if (item.ask != null) node.dataset.ask = item.ask;
  if (item.tone) node.classList.add(item.tone);
  if (item.seat != null && app.roster[item.seat]) node.append(shapeSvg(app.roster[item.seat].shape, app.roster[item.seat].colour));
  if (item.icon) node.append(picture(item.icon, "", "picto icon"));
  if (item.faces) {
    node.classList.add("card");  /* named by its words, which screen readers read in order */
    node.append(cardFaces(item.faces));
  } else {
    const text = el("span", "text");
    text.append(el("span", "label", item.seat != null && seatName(item.seat) ? seatName(item.seat) : item.label));
    if (item.note) text.append(el("span", "note", item.note));
    if (picked != null) {
      const chosen = item.choices.items.find((choice) => choice.guess && choice.guess.answer === picked);
      if (chosen) text.append(el("span", "note pick", t("your_pick", { label: chosen.label })));
    }
    node.append(text);
  }
  if (item.guess) node.onclick = () => { closeMenu(); sendGuess(item.guess); };
  else if (item.move && item.hold) holdToSend(node, item);
  else if (item.move) node.onclick = () => { closeMenu(); if (item.confirm) ask(item); else sendMove(item.move); };
  else if (live) node.onclick = () => openMenu(item);
  node.dataset.index = index;
  return node;
}

/* A button that sends its move only once held for item.hold ms (its fill shows how long).
   An item.press is sent as the press begins: the game times the hold itself (leaving the
   match), so a release before the end sends nothing more and the next press starts anew. */
function holdToSend(node, item) {
  let timer = null;
  node.classList.add("hold");
  node.style.setProperty("--hold", item.hold + "ms");
  const stop = () => { clearTimeout(timer); timer = null; node.classList.remove("holding"); };
  node.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    clearTimeout(timer);  /* a second finger starts the hold again, never a second one */
    node.classList.add("holding");
    if (item.press) sendMove(item.press);
    timer = setTimeout(() => { stop(); sendMove(item.move); }, item.hold);
  });
  for (const name of ["pointerup", "pointerleave", "pointercancel"]) node.addEventListener(name, stop);
  node.addEventListener("contextmenu", (event) => event.preventDefault());
}

function sendMove(move) {
  if (!send("act", { kind: move.kind, data: move.data || {} })) setState("reconnecting", true);
}

/* An audience pick: shown at once as the phone's own, the game's "you" confirms it. */
function sendGuess(guess) {
  if (!send("guess", { question: guess.question, answer: guess.answer })) { setState("reconnecting", true); return; }
  app.you = Object.assign({ score: 0, rank: 1, of: 1 }, app.you || {});
  app.you.picks = Object.assign({}, app.you.picks, { [guess.question]: guess.answer });
  renderScreen();
}

/* A menu shows an item's choices; it is rebuilt from each new view of the same phase
   (found again by the item's label), and closes when the phase moves on or that item
   has no choices any more. */
function openMenu(item) {
  if (!item || !item.choices || !item.choices.items.length) { closeMenu(); return; }
  app.menu = { label: item.label, phase: app.screen.game + "/" + app.screen.phase };
  const who = item.seat != null && seatName(item.seat);
  $("menu-title").textContent = who ? who + " — " + item.choices.title : item.choices.title;
  $("menu-items").replaceChildren(...item.choices.items.map(itemButton));
  $("menu").hidden = false;
}

function findItem(label) {
  for (const section of (app.screen && app.screen.sections) || []) {
    for (const item of section.items) if (item.label === label && item.choices) return item;
  }
  return null;
}

function closeMenu() {
  app.menu = null;
  $("menu").hidden = true;
}

/* A move whose item carries "confirm" (a tap that changes the table for everyone, such
   as Secret Identity's replacement) is sent only once its question is confirmed. A new
   screen that no longer offers that move with that very question (another player
   replaced that suspect meanwhile, the phase moved on) closes it unsent. */
function ask(item) {
  app.asking = { move: item.move, question: item.confirm };
  $("ask-text").textContent = item.confirm;
  $("ask").hidden = false;
}

function stillAsked(asking) {
  const wanted = JSON.stringify(asking.move);
  const offered = (items) => (items || []).some((item) => (item.confirm === asking.question && JSON.stringify(item.move) === wanted)
    || (item.choices && offered(item.choices.items)));
  return ((app.screen && app.screen.sections) || []).some((section) => offered(section.items));
}

function closeAsk() {
  app.asking = null;
  $("ask").hidden = true;
}

let toastTimer = null;
function toast(text) {
  $("toast").textContent = text;
  $("toast").hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { $("toast").hidden = true; }, 3000);
}

/* --- start ---------------------------------------------------------------------- */
/* Sit down (the form's submit), or watch and play along: the same hello, as the audience. */
function join(watch) {
  const name = $("name").value.trim();
  const room = $("room").value.trim().toUpperCase();
  if (!name || !room) { $("join").reportValidity(); return; }
  store.set("name", name);
  store.set("token", null);
  store.set("mode", null);
  app.room = room;
  app.password = $("password").value.trim();
  app.audience = watch;
  app.ended = false;
  app.retries = 0;
  connect();
}
$("join").onsubmit = (event) => { event.preventDefault(); join(false); };
$("watch").onclick = () => join(true);
$("leave").onclick = () => { send("leave"); store.set("token", null); store.set("mode", null); };
$("menu-cancel").onclick = closeMenu;
$("ask-yes").onclick = () => { const asking = app.asking; closeAsk(); if (asking) sendMove(asking.move); };
$("ask-no").onclick = closeAsk;
$("ask").onclick = (event) => { if (event.target === $("ask")) closeAsk(); };
/* "Take my seat back": this seat was opened on another screen with its token (bye
   replaced); saying hello with the token again takes it back, and the newest connection
   wins, so the other screen is told it was replaced in turn. */
$("reclaim").onclick = () => {
  if (!store.get("token")) { showJoin(); return; }
  app.ended = false;
  app.retries = 0;
  connect();
};
$("menu").onclick = (event) => { if (event.target === $("menu")) closeMenu(); };
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && !app.ended && !app.ws) { app.retries = Math.max(app.retries, 1); connect(); }
});

setInterval(() => send("ping"), 20000);  // keeps a phone's idle socket open; a dead one closes and reconnects
loadStrings(null).then(() => { if (store.get("token") && app.room) connect(); else showJoin(); });
