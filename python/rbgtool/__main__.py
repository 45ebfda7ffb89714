"""``python -m rbgtool evolve ... --ray auto|ADDRESS``: ``rbgtool evolve`` with its fitness
evaluations on Ray (same options, same output folder).
``python -m rbgtool tournament GAME --agents random,mcts:200 --games 10 [--ray ADDRESS]``: a
round-robin tournament (``rbgtool.tournament``), its games on Ray with ``--ray``."""

from __future__ import annotations

import argparse
import json
import sys


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m rbgtool")
    sub = parser.add_subparsers(dest="command", required=True)
    evo = sub.add_parser("evolve", help="evolve SBG games, fitness evaluations on Ray")
    evo.add_argument("--width", type=int, default=6)
    evo.add_argument("--height", type=int, default=6)
    evo.add_argument("--population", type=int, default=50)
    evo.add_argument("--generations", type=int, default=20)
    evo.add_argument("--seed", type=int, default=1)
    evo.add_argument("--turn-limit", type=int, default=60)
    evo.add_argument("-o", "--output", "--out", dest="out", required=True)
    evo.add_argument("--resume", action="store_true")
    evo.add_argument(
        "--ray", default="auto", help="'auto' or the head node's HOST:PORT"
    )
    evo.add_argument("--json", action="store_true")
    tour = sub.add_parser("tournament", help="a round robin of agents")
    tour.add_argument("game")
    tour.add_argument("--agents", required=True, help="comma-separated agent specs")
    tour.add_argument("--games", type=int, default=10, help="games per pair")
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--max-length", type=int, default=10_000)
    tour.add_argument("--ray", default=None, help="'auto' or the head node's HOST:PORT")
    tour.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "tournament":
        return tournament(args)

    from rbgtool import ray as rbg_ray

    options = {
        "width": args.width,
        "height": args.height,
        "population": args.population,
        "generations": args.generations,
        "seed": args.seed,
        "turn_limit": args.turn_limit,
    }
    summaries = rbg_ray.evolve(
        args.out, ray_address=args.ray, resume=args.resume, **options
    )
    if args.json:
        print(json.dumps(summaries))
    else:
        for s in summaries:
            print(
                f"generation {s['generation']}: best {s['best_fitness']:.3f}, mean {s['mean_fitness']:.3f}"
            )
    return 0


def tournament(args: argparse.Namespace) -> int:
    import rbgtool

    report = rbgtool.tournament(
        args.game,
        [a.strip() for a in args.agents.split(",")],
        args.games,
        seed=args.seed,
        max_length=args.max_length,
        ray=args.ray,
    )
    if args.json:
        print(json.dumps(report))
        return 0
    print(
        f"{'agent':<16} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} {'score':>6}"
    )
    for s in report["standings"]:
        print(
            f"{s['agent']:<16} {s['games']:>5} {s['wins']:>5} {s['draws']:>5} "
            f"{s['losses']:>6} {100 * s['score']:>5.1f}%"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
