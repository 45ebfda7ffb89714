// Playing (loaded before app.js, whose `game`, `$`, `api` and `request` it uses): the view of a
// state, the legal moves as a filtered list, the agents' answers and undo/redo by turns.
// Clicking squares is in board.js.
"use strict";

const play = {
  view: null, // the view shown
  by: [], // who played each of game.moves: "you" or "agent"
  redo: [], // groups of moves taken back, each [{move, by}], the last taken back last
  busy: false, // a move or an agent's answer is on its way
};

// The moves played, e.g. from a shared address or a new text: nothing to redo.
function setMoves(moves) {
  game.moves = moves;
  play.by = moves.map(() => "you");
  play.redo = [];
}

function pushMove(move, by) {
  game.moves.push(move);
  play.by[game.moves.length - 1] = by;
}

function showView(v) {
  play.view = v;
  game.terminal = v.terminal;
  $("status").textContent = v.status;
  showBoard(v);
  $("position").textContent = v.position;
  $("moves-count").textContent = v.moves_more
    ? `(the first ${v.moves.length} shown; there are more)` : `(${v.moves_total})`;
  const legal = $("legal");
  legal.innerHTML = "";
  if (v.own_moves) {
    showOwnMoves(legal, v);
  } else {
    // Sorted as people read them (a2 before a10), filtered by the box above.
    const order = v.moves.map((m, i) => i);
    order.sort((a, b) => v.moves[a].localeCompare(v.moves[b], "en", { numeric: true }));
    for (const i of order) {
      const b = document.createElement("button");
      b.className = "move";
      b.textContent = v.moves[i];
      b.onclick = () => playMove(v.moves[i]);
      legal.appendChild(b);
    }
    filterMoves();
  }
  const hist = $("history");
  hist.innerHTML = "";
  game.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = play.by[i] === "agent" ? `${m} (agent)` : m;
    hist.appendChild(li);
  });
  hist.scrollTop = hist.scrollHeight;
  $("undo").disabled = game.moves.length === 0;
  $("redo").disabled = play.redo.length === 0;
}

// Hides the move buttons without every word of the filter box (case ignored).
function filterMoves() {
  const words = $("filter").value.toLowerCase().split(/\s+/).filter((w) => w);
  let shown = 0;
  for (const b of $("legal").querySelectorAll("button.move")) {
    const text = b.textContent.toLowerCase();
    b.hidden = !words.every((w) => text.includes(w));
    if (!b.hidden) shown++;
  }
  $("filter-count").textContent = words.length ? `${shown} shown` : "";
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
    if (a.move !== null) {
      pushMove(a.move, "you");
      play.redo = [];
    }
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

// Plays a move of the list (clicked on the board or as a button); an agent answers.
async function playMove(move) {
  if (play.busy) return;
  play.busy = true;
  pushMove(move, "you");
  play.redo = [];
  await refresh();
  if ($("opponent").value !== "friend" && !game.terminal) await agentMove();
  play.busy = false;
}

async function agentMove() {
  const agent = $("opponent").value === "friend" ? "alphabeta" : $("opponent").value;
  $("status").textContent = `${agent} is thinking...`;
  try {
    const a = await api("/api/agent", request({ agent, millis: 500, seed: game.moves.length + 1 }));
    if (a.move !== null) {
      pushMove(a.move, "agent");
      play.redo = [];
    }
    showView(a.view);
  } catch (e) {
    $("status").textContent = e.message;
  }
}

// Takes back a turn: the agent's answers and the move they answered (against a friend, or
// when the agent has not answered, the last move alone).
function undo() {
  if (play.busy || !game.moves.length) return;
  const group = [];
  const take = () => group.unshift({ move: game.moves.pop(), by: play.by.pop() || "you" });
  while (game.moves.length && play.by[game.moves.length - 1] === "agent") take();
  if (game.moves.length && play.by[game.moves.length - 1] !== "agent") take();
  play.redo.push(group);
  play.by.length = game.moves.length;
  refresh();
}

// Plays again the turn undo took back (the same moves: the agent is not asked again).
function redo() {
  if (play.busy || !play.redo.length) return;
  const group = play.redo.pop();
  for (const { move, by } of group) pushMove(move, by);
  refresh();
}

function restart() {
  setMoves([]);
  refresh();
}
