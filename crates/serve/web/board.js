// The board (loaded before play.js): the server's picture, whose cells are targets
// (`.sq[data-sq]`), and moves made by clicking them. Each legal move comes with the squares
// it touches (view.squares: from, intermediate, to); clicks pick the moves whose squares
// start with the first click and hold the others in order, a draughts ride from its first
// and last squares, an amazon's move as queen, destination, arrow. When several moves fit
// the clicks, a chooser lists them.
"use strict";

const board = {
  clicks: [], // squares clicked towards a move
  zoom: null, // null: fit the column; else a factor of the picture's own size
};

function showBoard(v) {
  board.clicks = [];
  hideChooser();
  $("board").innerHTML = v.svg || "<p>(no board found in this state: see the position text)</p>";
  applyZoom();
  mark(v.last, "last");
  if (board.clicks.length === 0) markStarts(v);
}

function targets() {
  return [...$("board").querySelectorAll(".sq")];
}

function mark(squares, cls) {
  const set = new Set(squares);
  for (const t of targets()) t.classList.toggle(cls, set.has(t.dataset.sq));
}

// Squares a move starts from can be clicked (the pointer says so).
function markStarts(v) {
  const starts = v.own_moves ? [] : v.squares.filter((s) => s.length).map((s) => s[0]);
  mark(starts, "start");
}

// Whether `clicks` appear in `squares` in order; the index of the last one matched, or -1.
function matchEnd(clicks, squares) {
  let at = -1;
  for (const c of clicks) {
    at = squares.indexOf(c, at + 1);
    if (at < 0) return -1;
  }
  return at;
}

// The moves (indices into view.moves) the clicks fit, each with where the last click fell:
// moves whose squares begin with the clicks if any (an amazon's destination before squares
// its arrow could reach), else those that hold them in order from their first square.
function candidates(clicks) {
  const v = play.view;
  const prefix = [];
  const ordered = [];
  v.squares.forEach((squares, i) => {
    if (!squares.length || squares[0] !== clicks[0]) return;
    if (clicks.every((c, k) => squares[k] === c)) prefix.push({ i, at: clicks.length - 1 });
    else {
      const at = matchEnd(clicks, squares);
      if (at >= 0) ordered.push({ i, at });
    }
  });
  return prefix.length ? prefix : ordered;
}

function onSquare(sq) {
  const v = play.view;
  if (!v || v.own_moves || play.busy) return;
  if (board.clicks[board.clicks.length - 1] === sq) return select([]); // clicked again: let go
  let clicks = board.clicks.concat(sq);
  let found = candidates(clicks);
  if (!found.length) {
    clicks = [sq]; // a fresh start from this square, if moves start here
    found = candidates(clicks);
  }
  if (!found.length) return select([]);
  const complete = found.filter((c) => c.at === v.squares[c.i].length - 1);
  const one = clicks.length > 1 || v.squares[found[0].i].length === 1;
  if (found.length === 1 && one) return playMove(v.moves[found[0].i]);
  select(clicks, found.filter((c) => c.at < v.squares[c.i].length - 1));
  if (complete.length) showChooser(complete.map((c) => v.moves[c.i]));
}

// Marks the clicked squares and where the moves that fit them go next.
function select(clicks, going) {
  board.clicks = clicks;
  hideChooser();
  mark(clicks, "sel");
  const v = play.view;
  mark((going || []).map((c) => v.squares[c.i][c.at + 1]), "dest");
  if (!clicks.length) markStarts(v);
  else mark([], "start");
}

// Several moves fit the squares clicked (a promotion, two rides to one square): one button
// each, in notation.
function showChooser(moves) {
  const box = $("chooser");
  box.innerHTML = "";
  box.append("Which move? ");
  for (const m of moves) {
    const b = document.createElement("button");
    b.className = "choice";
    b.textContent = m;
    b.onclick = () => playMove(m);
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "Cancel";
  cancel.onclick = () => select([]);
  box.appendChild(cancel);
  box.hidden = false;
}

function hideChooser() {
  $("chooser").hidden = true;
}

// ---- zoom: the picture at its own size times a factor, or fitted to the column ----------

function applyZoom() {
  const svg = $("board").querySelector("svg");
  $("zoom-level").textContent = board.zoom === null ? "fit" : `${Math.round(board.zoom * 100)}%`;
  if (!svg) return;
  const width = parseFloat(svg.getAttribute("width")) || 400;
  svg.classList.toggle("fit", board.zoom === null);
  svg.style.width = board.zoom === null ? "" : `${width * board.zoom}px`;
  // Fitted, a small board (tic-tac-toe) grows at most to 1.5 times its size.
  svg.style.maxWidth = board.zoom === null ? `${Math.max(480, width * 1.5)}px` : "none";
}

function zoomBy(factor) {
  const svg = $("board").querySelector("svg");
  if (board.zoom === null && svg) {
    board.zoom = svg.getBoundingClientRect().width / (parseFloat(svg.getAttribute("width")) || 400);
  }
  board.zoom = Math.min(4, Math.max(0.25, (board.zoom || 1) * factor));
  applyZoom();
}

function startBoard() {
  $("board").addEventListener("click", (e) => {
    const t = e.target.closest(".sq");
    if (t) onSquare(t.dataset.sq);
  });
  $("board").addEventListener("mouseover", (e) => {
    const t = e.target.closest(".sq");
    $("square-name").textContent = t ? t.dataset.sq : "";
  });
  $("zoom-in").onclick = () => zoomBy(1.25);
  $("zoom-out").onclick = () => zoomBy(0.8);
  $("zoom-fit").onclick = () => { board.zoom = null; applyZoom(); };
}
