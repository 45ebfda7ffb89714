"""``python -m rbgtool evolve ... --ray auto|ADDRESS``: ``rbgtool evolve`` with its fitness
evaluations on Ray (same options, same output folder)."""

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
    evo.add_argument("--out", required=True)
    evo.add_argument("--resume", action="store_true")
    evo.add_argument(
        "--ray", default="auto", help="'auto' or the head node's HOST:PORT"
    )
    evo.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

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


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
