// The playground page: every action is a POST of the game text (and the moves played) to
// the JSON API (docs/playground.md); the server keeps no session.
"use strict";

const $ = (id) => document.getElementById(id);
const game = { text: "", lang: null, moves: [], valid: false, terminal: false };
let checkTimer = null;
let checkSeq = 0;
let tool = null; // the AbortController of the running perft/bench/playout

async function api(path, body, signal) {
  const res = await fetch(path, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const data = await res.json().catch(() => ({ error: "the server's answer is not JSON" }));
  if (!res.ok) throw Object.assign(new Error(data.error || res.statusText), { data });
  return data;
}

function request(extra) {
  return Object.assign({ text: game.text, lang: game.lang, moves: game.moves }, extra || {});
}

// ---- editor: line numbers and diagnostics -------------------------------------------------

function renderGutter(marks) {
  const lines = $("source").value.split("\n").length;
  const out = [];
  for (let i = 1; i <= lines; i++) {
    const m = marks && marks[i];
    out.push(m ? `<span class="${m}">${i}</span>` : String(i));
  }
  $("gutter").innerHTML = out.join("\n") + "\n";
  $("gutter").scrollTop = $("source").scrollTop;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

function showDiagnostics(list, summaryLine) {
  const marks = {};
  const box = $("diagnostics");
  box.innerHTML = "";
  for (const d of list) {
    const primary = d.labels.find((l) => l.style === "primary") || d.labels[0];
    const where = primary ? `line ${primary.start.line}:${primary.start.column}` : "";
    if (primary) {
      for (let l = primary.start.line; l <= primary.end.line; l++) {
        marks[l] = d.severity === "error" ? "bad" : marks[l] || "warn";
      }
    }
    const div = document.createElement("div");
    div.className = "diag " + (d.severity === "error" ? "error" : "warning");
    const code = d.code ? `[${d.code}]` : "";
    const labels = d.labels.map((l) => (l.message ? ` — ${l.message}` : "")).join("");
    const notes = d.notes.map((n) => `\n  note: ${n}`).join("");
    div.textContent = `${where} ${d.severity}${code}: ${d.message}${labels}${notes}`;
    if (primary) div.onclick = () => selectRange(primary.start, primary.end);
    box.appendChild(div);
  }
  if (summaryLine) {
    const div = document.createElement("div");
    div.className = "diag ok";
    div.textContent = summaryLine;
    box.appendChild(div);
  }
  renderGutter(marks);
}

// Selects a 1-based (line, column) range in the textarea.
function selectRange(start, end) {
  const ta = $("source");
  const lines = ta.value.split("\n");
  const index = (p) => {
    let i = 0;
    for (let l = 1; l < p.line && l <= lines.length; l++) i += lines[l - 1].length + 1;
    return i + p.column - 1;
  };
  ta.focus();
  ta.setSelectionRange(index(start), Math.max(index(start) + 1, index(end)));
}

function scheduleCheck() {
  $("picker").value = $("source").value === picked.text ? picked.name : "";
  renderGutter();
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 300);
}

async function check() {
  const text = $("source").value;
  const seq = ++checkSeq;
  let result;
  try {
    result = await api("/api/check", { text, lang: null });
  } catch (e) {
    if (seq !== checkSeq) return;
    showDiagnostics([], null);
    $("diagnostics").innerHTML = `<div class="diag error">${escapeHtml(e.message)}</div>`;
    game.valid = false;
    $("lang").textContent = "?";
    return;
  }
  if (seq !== checkSeq) return; // a newer text is being checked
  const changed = text !== game.text;
  game.valid = result.valid;
  $("lang").textContent = result.language ? result.language.toUpperCase() : "?";
  showDiagnostics(result.diagnostics, result.valid ? `valid ${result.language.toUpperCase()} game` : null);
  if (result.valid) {
    if (changed) {
      game.text = text;
      game.lang = result.language;
      game.moves = [];
    }
    await refresh(); // also after a fix back to the game being played: its moves stay
  } else {
    $("status").textContent = "Fix the errors to play (the board shows the last valid game).";
  }
}

// ---- playing ------------------------------------------------------------------------------

function showView(v) {
  game.terminal = v.terminal;
  $("status").textContent = v.status;
  $("board").innerHTML = v.svg || "<p>(no board found in this state: see the position text)</p>";
  $("position").textContent = v.position;
  $("moves-count").textContent = v.moves_more
    ? `(the first ${v.moves.length} shown; there are more)` : `(${v.moves_total})`;
  const legal = $("legal");
  legal.innerHTML = "";
  if (v.own_moves) {
    showOwnMoves(legal, v);
  } else {
    for (const m of v.moves) {
      const b = document.createElement("button");
      b.className = "move";
      b.textContent = m;
      b.onclick = () => play(m);
      legal.appendChild(b);
    }
  }
  const hist = $("history");
  hist.innerHTML = "";
  for (const m of game.moves) {
    const li = document.createElement("li");
    li.textContent = m;
    hist.appendChild(li);
  }
}

// A simultaneous turn (GDL): every role chooses its own move, none seeing the others'. One
// list per role; against an agent the first role is yours and the agent chooses the others'
// (each from its own moves, without seeing yours); with a friend every role is chosen here.
function showOwnMoves(legal, v) {
  $("moves-count").textContent = "(each role chooses its own move)";
  const byAgent = $("opponent").value !== "friend";
  v.own_moves.forEach((moves, role) => {
    const label = document.createElement("label");
    label.className = "own";
    label.append(`${v.players[role]} `);
    const select = document.createElement("select");
    select.className = "own-move";
    if (byAgent) select.add(new Option("(agent chooses)", ""));
    for (const m of moves) select.add(new Option(m, m));
    select.value = byAgent && role > 0 ? "" : moves[0];
    label.appendChild(select);
    legal.appendChild(label);
  });
  const b = document.createElement("button");
  b.id = "play-turn";
  b.textContent = "Play this turn";
  b.onclick = playTurn;
  legal.appendChild(b);
}

async function playTurn() {
  const own = [...document.querySelectorAll("#legal select.own-move")].map((s) => s.value || null);
  const agent = $("opponent").value === "friend" ? "random" : $("opponent").value;
  $("status").textContent = own.includes(null) ? `${agent} is choosing...` : "playing...";
  try {
    const a = await api("/api/agent", request({ agent, millis: 500, seed: game.moves.length + 1, own }));
    if (a.move !== null) game.moves.push(a.move);
    showView(a.view);
  } catch (e) {
    $("status").textContent = e.message;
  }
}

async function refresh() {
  if (!game.text) return;
  try {
    showView(await api("/api/state", request()));
  } catch (e) {
    $("status").textContent = e.message;
  }
}

async function play(move) {
  game.moves.push(move);
  await refresh();
  if ($("opponent").value !== "friend" && !game.terminal) await agentMove();
}

async function agentMove() {
  const agent = $("opponent").value === "friend" ? "alphabeta" : $("opponent").value;
  $("status").textContent = `${agent} is thinking...`;
  try {
    const a = await api("/api/agent", request({ agent, millis: 500, seed: game.moves.length + 1 }));
    if (a.move !== null) game.moves.push(a.move);
    showView(a.view);
  } catch (e) {
    $("status").textContent = e.message;
  }
}

// ---- tools: perft (depth by depth, as progress), bench, playouts; all cancellable ----------

function startTool() {
  if (tool) tool.abort();
  tool = new AbortController();
  $("cancel").disabled = false;
  $("tool-output").textContent = "";
  return tool.signal;
}

function endTool() {
  tool = null;
  $("cancel").disabled = true;
  $("progress").hidden = true;
}

function out(line) {
  $("tool-output").textContent += line + "\n";
}

async function perft() {
  const signal = startTool();
  const depth = Math.max(1, Math.min(20, parseInt($("perft-depth").value, 10) || 1));
  const bar = $("progress");
  bar.hidden = false;
  bar.max = depth;
  try {
    for (let d = 1; d <= depth; d++) {
      bar.value = d - 1;
      const r = await api("/api/perft", request({ depth: d }), signal);
      out(`perft ${d}: ${r.nodes}${r.complete ? "" : " (stopped by the time budget)"}  ${r.seconds.toFixed(3)} s`);
      if (!r.complete) break;
    }
  } catch (e) {
    out(e.name === "AbortError" ? "cancelled" : e.message);
  }
  endTool();
}

async function bench() {
  const signal = startTool();
  const bar = $("progress");
  bar.hidden = false;
  bar.max = 2000;
  const started = Date.now();
  const timer = setInterval(() => { bar.value = Date.now() - started; }, 100);
  try {
    const r = await api("/api/bench", request({ millis: 2000 }), signal);
    out(`${r.playouts} random playouts, ${r.plies} plies in ${r.seconds.toFixed(2)} s: ` +
        `${r.playouts_per_second.toFixed(1)} playouts/s`);
  } catch (e) {
    out(e.name === "AbortError" ? "cancelled" : e.message);
  }
  clearInterval(timer);
  endTool();
}

async function playout() {
  const signal = startTool();
  try {
    const r = await api("/api/playout", request({ seed: Date.now() % 100000 }), signal);
    game.moves = game.moves.concat(r.moves);
    out(`random playout: ${r.moves.length} moves, ${r.finished ? "finished" : "not finished"}, scores ${r.scores.join(", ")}`);
    await refresh();
  } catch (e) {
    out(e.name === "AbortError" ? "cancelled" : e.message);
  }
  endTool();
}

// ---- convert, picker, share ---------------------------------------------------------------

async function convert() {
  $("convert-note").textContent = "converting...";
  try {
    const r = await api("/api/convert", { text: $("source").value, lang: null, to: $("convert-to").value });
    $("converted").value = r.text;
    $("convert-note").textContent = r.notes.join(" ");
  } catch (e) {
    $("converted").value = "";
    $("convert-note").textContent = e.message;
  }
}

async function copyConverted() {
  const text = $("converted").value;
  try {
    await navigator.clipboard.writeText(text);
    $("convert-note").textContent = "copied";
  } catch (_) {
    $("converted").select();
    document.execCommand("copy");
  }
}

// The picked game; the picker shows "(your own)" once the text is no longer its text.
let picked = { name: "", text: null };

async function pick(name) {
  if (!name) return;
  const g = await api("/api/games/" + encodeURIComponent(name));
  picked = { name, text: g.text };
  $("source").value = g.text;
  await check();
}

function share() {
  const state = JSON.stringify({ text: $("source").value, moves: game.moves });
  location.hash = "play=" + encodeURIComponent(state);
  navigator.clipboard && navigator.clipboard.writeText(location.href).catch(() => {});
  $("status").textContent = "The address now holds the game and its moves.";
}

async function fromHash() {
  const m = location.hash.match(/^#play=(.*)$/);
  if (!m) return false;
  try {
    const s = JSON.parse(decodeURIComponent(m[1]));
    $("source").value = String(s.text || "");
    await check();
    if (Array.isArray(s.moves) && game.valid) {
      game.moves = s.moves.map(String);
      await refresh();
    }
    return true;
  } catch (_) {
    return false;
  }
}

async function start() {
  $("source").addEventListener("input", scheduleCheck);
  $("source").addEventListener("scroll", () => { $("gutter").scrollTop = $("source").scrollTop; });
  $("picker").onchange = () => pick($("picker").value);
  $("agent-move").onclick = agentMove;
  $("undo").onclick = () => { game.moves.pop(); refresh(); };
  $("restart").onclick = () => { game.moves = []; refresh(); };
  $("perft").onclick = perft;
  $("bench").onclick = bench;
  $("playout").onclick = playout;
  $("cancel").onclick = () => tool && tool.abort();
  $("convert").onclick = convert;
  $("copy").onclick = copyConverted;
  $("share").onclick = share;
  const games = await api("/api/games");
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.name;
    $("picker").appendChild(o);
  }
  if (!(await fromHash())) {
    $("picker").value = "breakthrough.rbg";
    await pick("breakthrough.rbg");
  }
  document.body.dataset.ready = "1";
}

start();
