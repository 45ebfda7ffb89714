"""Train a small policy-value network by self-play on any RBG or SBG game (AlphaZero-style).

    python -m rbgtool.train corpus/rbg/ticTacToe.rbg --out runs/ttt --iterations 20

Each iteration plays games against itself with Monte-Carlo tree search guided by the network
(PUCT: the network's move probabilities as priors, its value at the leaves), then fits the
network to the searches' visit counts and the games' results. The network is a multilayer
perceptron over the game's observation tensor (:mod:`rbgtool.observation`) with a policy head
over the game's compact action ids (``Game.num_distinct_actions``) and a value head (the
return of the player to move, ``(score - 50) / 50``). It is written with NumPy alone, so it
trains on the CPU anywhere the package installs; a checkpoint (``checkpoint.npz``, the
weights and optimiser state; ``progress.json``, the iteration and the losses so far) is saved
after every iteration and ``--resume`` continues from it; ``curve.png`` plots the losses.
"""

from __future__ import annotations

import argparse
import json
import math
import struct
import sys
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import numpy as np

import rbgtool
from rbgtool.observation import Planes

Array = np.ndarray[Any, np.dtype[np.float64]]


class Network:
    """Observation → hidden layer (ReLU) → policy logits and value (tanh); Adam."""

    def __init__(self, inputs: int, actions: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        scale = 1.0 / math.sqrt(inputs)
        self.params: dict[str, Array] = {
            "w1": rng.normal(0, scale, (inputs, hidden)),
            "b1": np.zeros(hidden),
            "wp": rng.normal(0, 1.0 / math.sqrt(hidden), (hidden, actions)),
            "bp": np.zeros(actions),
            "wv": rng.normal(0, 1.0 / math.sqrt(hidden), (hidden, 1)),
            "bv": np.zeros(1),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: Array) -> tuple[Array, Array, Array]:
        """Policy logits, values, and the hidden layer (for the gradients)."""
        p = self.params
        h = np.maximum(0.0, x @ p["w1"] + p["b1"])
        return h @ p["wp"] + p["bp"], np.tanh(h @ p["wv"] + p["bv"])[:, 0], h

    def predict(self, x: Array, legal: list[int]) -> tuple[Array, float]:
        """Move probabilities over ``legal`` and the value, for one observation."""
        logits, value, _ = self.forward(x[None, :])
        z = logits[0, legal]
        e = np.exp(z - z.max())
        return e / e.sum(), float(value[0])

    def train_step(
        self, x: Array, pi: Array, z: Array, lr: float, l2: float = 1e-4
    ) -> tuple[float, float]:
        """One Adam step on a batch: observations, target policies, target values. Returns
        the policy loss (cross-entropy) and the value loss (squared error)."""
        p = self.params
        logits, value, h = self.forward(x)
        logits = logits - logits.max(axis=1, keepdims=True)
        prob = np.exp(logits)
        prob /= prob.sum(axis=1, keepdims=True)
        n = x.shape[0]
        policy_loss = float(-(pi * np.log(prob + 1e-12)).sum() / n)
        value_loss = float(((value - z) ** 2).mean())
        d_logits = (prob - pi) / n
        d_value = (2.0 * (value - z) / n * (1.0 - value**2))[:, None]
        grads = {
            "wp": h.T @ d_logits,
            "bp": d_logits.sum(axis=0),
            "wv": h.T @ d_value,
            "bv": d_value.sum(axis=0),
        }
        d_h = (d_logits @ p["wp"].T + d_value @ p["wv"].T) * (h > 0)
        grads["w1"] = x.T @ d_h
        grads["b1"] = d_h.sum(axis=0)
        self.steps += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            g = g + l2 * p[k]
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1**self.steps)
            v_hat = self.v[k] / (1 - b2**self.steps)
            p[k] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)
        return policy_loss, value_loss

    def save(self, path: Path) -> None:
        arrays = {f"p_{k}": v for k, v in self.params.items()}
        arrays.update({f"m_{k}": v for k, v in self.m.items()})
        arrays.update({f"v_{k}": v for k, v in self.v.items()})
        arrays["steps"] = np.array(float(self.steps))
        np.savez(path, **arrays)  # type: ignore[arg-type]

    def load(self, path: Path) -> None:
        with np.load(path) as data:
            for k in self.params:
                self.params[k] = data[f"p_{k}"]
                self.m[k] = data[f"m_{k}"]
                self.v[k] = data[f"v_{k}"]
            self.steps = int(data["steps"])


@dataclass
class Node:
    """A search node: the state reached, the move probabilities it was given, its children
    by action id, and the visits and summed values of the player who moved into it."""

    state: rbgtool.State
    prior: float
    children: dict[int, "Node"] = field(default_factory=dict)
    visits: int = 0
    value_sum: float = 0.0


class Search:
    """PUCT search guided by a network, or, without one, by uniform priors and one random
    rollout per leaf (plain Monte-Carlo tree search, the opponent of ``evaluate``)."""

    def __init__(
        self,
        net: Optional[Network],
        planes: Planes,
        c_puct: float = 1.5,
        rng: Optional[np.random.Generator] = None,
    ) -> None:
        self.net = net
        self.planes = planes
        self.c_puct = c_puct
        self.buffer = np.zeros(planes.size)
        self.rng = rng or np.random.default_rng(0)

    def observe(self, state: rbgtool.State) -> Array:
        self.planes.fill(state, self.buffer)
        return self.buffer.copy()

    def judge(self, state: rbgtool.State, legal: list[int]) -> tuple[Array, float]:
        """Priors over ``legal`` and the value for the player to move."""
        if self.net is not None:
            return self.net.predict(self.observe(state), legal)
        mover = _mover(state)
        rollout = state.clone()
        for _ in range(1000):
            if rollout.is_terminal():
                break
            ids = rollout.legal_ids()
            rollout.apply(ids[int(self.rng.integers(len(ids)))])
        value = _returns(rollout)[mover] if rollout.is_terminal() else 0.0
        return np.full(len(legal), 1.0 / len(legal)), value

    def expand(self, node: Node) -> list[float]:
        """Children with the network's priors; the value for each player (the network's for
        the player to move, its opposite for the others; the returns at the end)."""
        state = node.state
        if state.is_terminal():
            return _returns(state)
        legal = state.legal_ids()
        probs, value = self.judge(state, legal)
        for action, prior in zip(legal, probs):
            node.children[action] = Node(state=state, prior=float(prior))
        mover = _mover(state)
        return [value if p == mover else -value for p in range(len(state.scores()))]

    def run(
        self,
        root: Node,
        simulations: int,
        rng: np.random.Generator,
        noise: bool = True,
    ) -> None:
        """``simulations`` descents from ``root``; Dirichlet noise on the root's priors
        (self-play's exploration) unless ``noise`` is off."""
        if not root.children:
            self.expand(root)
        if root.children and noise:
            etas = rng.dirichlet([0.3] * len(root.children))
            for child, eta in zip(root.children.values(), etas):
                child.prior = 0.75 * child.prior + 0.25 * float(eta)
        for _ in range(simulations):
            node, path = root, [root]
            while node.children:
                node = self.select(node)
                path.append(node)
            values = self.expand(node)
            # Each node keeps the value of the player who moved into it.
            for parent, child in zip(path, path[1:]):
                child.visits += 1
                child.value_sum += values[_mover(parent.state)]
            root.visits += 1

    def select(self, node: Node) -> Node:
        total = math.sqrt(node.visits + 1)
        best, best_score = None, -math.inf
        for action, child in node.children.items():
            q = child.value_sum / child.visits if child.visits else 0.0
            score = q + self.c_puct * child.prior * total / (1 + child.visits)
            if score > best_score:
                best, best_score = (action, child), score
        assert best is not None
        action, child = best
        if child.visits == 0 and child.state is node.state:
            child.state = node.state.clone()
            child.state.apply(action)
        return child


def _mover(state: rbgtool.State) -> int:
    player = state.current_player()
    return player if player is not None else 0


def _returns(state: rbgtool.State) -> list[float]:
    return [(s - 50) / 50 for s in state.scores()]


def self_play(
    game: rbgtool.Game,
    search: Search,
    simulations: int,
    rng: np.random.Generator,
    max_plies: int = 400,
) -> list[tuple[Array, Array, float]]:
    """One game: (observation, visit distribution over action ids, result for the mover)."""
    n = game.num_distinct_actions or 0
    state = game.initial_state()
    records: list[tuple[Array, Array, int]] = []
    for ply in range(max_plies):
        if state.is_terminal():
            break
        root = Node(state=state.clone(), prior=1.0)
        search.run(root, simulations, rng)
        actions = list(root.children)
        visits = np.array([root.children[a].visits for a in actions], dtype=float)
        pi = np.zeros(n)
        pi[actions] = visits / visits.sum()
        records.append((search.observe(state), pi, _mover(state)))
        if ply < 8:  # explore the openings, then play the most visited move
            choice = int(rng.choice(len(actions), p=visits / visits.sum()))
        else:
            choice = int(visits.argmax())
        state.apply(actions[choice])
    returns = _returns(state) if state.is_terminal() else [0.0] * len(game.players)
    return [(obs, pi, returns[who]) for obs, pi, who in records]


def fit(
    net: Network,
    data: list[tuple[Array, Array, float]],
    epochs: int,
    batch: int,
    lr: float,
    rng: np.random.Generator,
) -> tuple[float, float]:
    """Epochs of minibatch steps over ``data``; the mean losses of the last epoch."""
    x = np.stack([d[0] for d in data])
    pi = np.stack([d[1] for d in data])
    z = np.array([d[2] for d in data])
    losses: list[tuple[float, float]] = []
    for _ in range(epochs):
        order = rng.permutation(len(data))
        losses = []
        for start in range(0, len(data), batch):
            idx = order[start : start + batch]
            losses.append(net.train_step(x[idx], pi[idx], z[idx], lr))
    return (
        float(np.mean([p for p, _ in losses])),
        float(np.mean([v for _, v in losses])),
    )


def write_curve(path: Path, series: dict[str, list[float]]) -> None:
    """The losses per iteration as a PNG line chart (written without a plotting library)."""
    width, height, pad = 480, 240, 12
    image = np.full((height, width, 3), 255, dtype=np.uint8)
    image[pad, pad:-pad] = image[-pad, pad:-pad] = 200
    image[pad:-pad, pad] = image[pad:-pad, -pad] = 200
    colours = [(31, 119, 180), (214, 39, 40), (44, 160, 44)]
    top = max([max(v) for v in series.values() if v] + [1e-9])
    for colour, values in zip(colours, series.values()):
        if len(values) < 2:
            continue
        xs = np.linspace(pad, width - pad - 1, len(values))
        ys = height - pad - 1 - np.array(values) / top * (height - 2 * pad - 1)
        for (x0, y0), (x1, y1) in zip(zip(xs, ys), zip(xs[1:], ys[1:])):
            steps = int(max(abs(x1 - x0), abs(y1 - y0))) + 1
            for t in np.linspace(0, 1, steps):
                x, y = int(x0 + t * (x1 - x0)), int(y0 + t * (y1 - y0))
                image[max(0, y - 1) : y + 1, max(0, x - 1) : x + 1] = colour
    raw = b"".join(b"\x00" + image[row].tobytes() for row in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def evaluate(
    game: rbgtool.Game,
    net: Network,
    games: int,
    simulations: int,
    opponent: int,
    seed: int = 0,
) -> dict[str, int]:
    """The network's search (``simulations`` per move, no noise, the most visited move)
    against plain MCTS (``opponent`` simulations), seats alternating: the network's wins,
    draws and losses (by the sign of its return)."""
    planes = Planes(game)
    rng = np.random.default_rng(seed)
    ours = Search(net, planes)
    theirs = Search(None, planes, rng=rng)
    tally = {"wins": 0, "draws": 0, "losses": 0}
    for g in range(games):
        seat = g % len(game.players)
        state = game.initial_state()
        while not state.is_terminal():
            search, sims = (
                (ours, simulations) if _mover(state) == seat else (theirs, opponent)
            )
            root = Node(state=state.clone(), prior=1.0)
            search.run(root, sims, rng, noise=False)
            best = max(root.children.items(), key=lambda kv: kv[1].visits)[0]
            state.apply(best)
        r = _returns(state)[seat]
        tally["wins" if r > 0 else "losses" if r < 0 else "draws"] += 1
    return tally


def train(
    path: str,
    out: str,
    iterations: int = 10,
    games: int = 20,
    simulations: int = 50,
    hidden: int = 128,
    epochs: int = 4,
    batch: int = 64,
    lr: float = 1e-3,
    seed: int = 0,
    resume: bool = False,
    quiet: bool = False,
    minutes: Optional[float] = None,
) -> dict[str, Any]:
    """Runs the training loop (module docs); returns the progress record. With ``minutes``,
    no iteration starts once that much time has passed (`progress["seconds"]` sums the
    training time over resumed runs)."""
    game = rbgtool.load(path)
    actions = game.num_distinct_actions
    if actions is None:
        raise ValueError(f"{path}: a GDL game; training takes RBG and SBG games")
    planes = Planes(game)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    net = Network(planes.size, actions, hidden, seed)
    progress: dict[str, Any] = {
        "game": path,
        "iteration": 0,
        "policy_loss": [],
        "value_loss": [],
    }
    if resume and (folder / "checkpoint.npz").exists():
        net.load(folder / "checkpoint.npz")
        progress = json.loads((folder / "progress.json").read_text())
    rng = np.random.default_rng(seed + progress["iteration"])
    search = Search(net, planes)
    begun = time.monotonic()
    for it in range(progress["iteration"], iterations):
        started = time.monotonic()
        if minutes is not None and started - begun >= 60 * minutes:
            break
        data: list[tuple[Array, Array, float]] = []
        for g in range(games):
            data.extend(self_play(game, search, simulations, rng))
            if not quiet:
                print(
                    f"\riteration {it + 1}/{iterations}: game {g + 1}/{games}",
                    end="",
                    file=sys.stderr,
                )
        policy, value = fit(net, data, epochs, batch, lr, rng)
        progress["iteration"] = it + 1
        progress["seconds"] = progress.get("seconds", 0.0) + time.monotonic() - started
        progress["policy_loss"].append(policy)
        progress["value_loss"].append(value)
        net.save(folder / "checkpoint.npz")
        (folder / "progress.json").write_text(json.dumps(progress, indent=1))
        write_curve(
            folder / "curve.png",
            {"policy": progress["policy_loss"], "value": progress["value_loss"]},
        )
        if not quiet:
            print(
                f"\riteration {it + 1}/{iterations}: {len(data)} positions, "
                f"policy loss {policy:.3f}, value loss {value:.3f} "
                f"({time.monotonic() - started:.1f} s)",
                file=sys.stderr,
            )
    return progress


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rbgtool.train",
        description="Train a policy-value network by self-play (AlphaZero-style, NumPy, CPU).",
    )
    parser.add_argument("game", help="an .rbg or .sbg file")
    parser.add_argument("--out", required=True, help="folder for checkpoints and curve")
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument(
        "--games", type=int, default=20, help="self-play games per iteration"
    )
    parser.add_argument("--simulations", type=int, default=50, help="searches per move")
    parser.add_argument("--hidden", type=int, default=128, help="hidden layer width")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--minutes",
        type=float,
        help="start no iteration after this many minutes of training",
    )
    parser.add_argument("--resume", action="store_true", help="continue from --out")
    parser.add_argument(
        "--evaluate",
        type=int,
        default=0,
        metavar="GAMES",
        help="after training, play GAMES against plain MCTS, seats alternating",
    )
    parser.add_argument(
        "--opponent", type=int, default=200, help="the MCTS opponent's simulations"
    )
    parser.add_argument("-q", "--quiet", action="store_true")
    args = parser.parse_args(argv)
    try:
        progress = train(
            args.game,
            args.out,
            iterations=args.iterations,
            games=args.games,
            simulations=args.simulations,
            hidden=args.hidden,
            epochs=args.epochs,
            batch=args.batch,
            lr=args.lr,
            seed=args.seed,
            resume=args.resume,
            quiet=args.quiet,
            minutes=args.minutes,
        )
        if args.evaluate:
            game = rbgtool.load(args.game)
            net = Network(
                Planes(game).size, game.num_distinct_actions or 0, args.hidden, 0
            )
            net.load(Path(args.out) / "checkpoint.npz")
            tally = evaluate(
                game, net, args.evaluate, args.simulations, args.opponent, args.seed
            )
            progress["evaluation"] = {"opponent": args.opponent, **tally}
            (Path(args.out) / "progress.json").write_text(
                json.dumps(progress, indent=1)
            )
            print(
                f"against MCTS({args.opponent}), {args.evaluate} games: "
                f"{tally['wins']} won, {tally['draws']} drawn, {tally['losses']} lost"
            )
    except (ValueError, rbgtool.GameError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
