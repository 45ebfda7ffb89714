// The playground page: every action is a POST of the game text (and the moves played) to
// the JSON API (docs/playground.md); the server keeps no session. The editor, tools, convert
// pane, picker and sharing are here; playing is in play.js, the board's clicks in board.js.
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
  followText();
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
      setMoves([]);
      $("converted").value = ""; // a translation of the previous text
      $("convert-note").textContent = "";
    }
    await refresh(); // also after a fix back to the game being played: its moves stay
  } else {
    $("status").textContent = "Fix the errors to play (the board shows the last valid game).";
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
    for (const m of r.moves) pushMove(m, "you");
    play.redo = [];
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

// The bundled games, each with the hash of its text: the picker names the game whose text
// is in the editor (picked, pasted or typed), else shows "(your own)".
let bundled = [];

// FNV-1a (32 bits) of the text's UTF-8 bytes, in hex, as the server's `corpus::text_hash`.
function textHash(text) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

function followText() {
  const hash = textHash($("source").value);
  const g = bundled.find((g) => g.hash === hash);
  $("picker").value = g ? g.name : "";
}

// The picker's games grouped by language.
function fillPicker(games) {
  const names = { rbg: "RBG", sbg: "SBG", gdl: "GDL" };
  for (const lang of Object.keys(names)) {
    const group = document.createElement("optgroup");
    group.label = names[lang];
    for (const g of games.filter((g) => g.lang === lang)) group.appendChild(new Option(g.name, g.name));
    if (group.children.length) $("picker").appendChild(group);
  }
}

async function pick(name) {
  if (!name) return;
  const g = await api("/api/games/" + encodeURIComponent(name));
  $("source").value = g.text;
  followText();
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
    followText();
    await check();
    if (Array.isArray(s.moves) && game.valid) {
      setMoves(s.moves.map(String));
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
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("restart").onclick = restart;
  $("filter").addEventListener("input", filterMoves);
  startBoard();
  $("perft").onclick = perft;
  $("bench").onclick = bench;
  $("playout").onclick = playout;
  $("cancel").onclick = () => tool && tool.abort();
  $("convert").onclick = convert;
  $("copy").onclick = copyConverted;
  $("share").onclick = share;
  bundled = await api("/api/games");
  fillPicker(bundled);
  if (!(await fromHash())) {
    $("picker").value = "breakthrough.rbg";
    await pick("breakthrough.rbg");
  }
  document.body.dataset.ready = "1";
}

start();
