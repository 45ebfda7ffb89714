"""Whole-work calls that run in Rust with the GIL released: agent tournaments, the evolver (a
run or one generation), recording logs and learning a game from them. With ``ray=...`` the
tournament's games and the evolver's fitness evaluations go out as Ray tasks
(:mod:`rbgtool.ray`); the algorithm and the results stay those of the single-process run.

``ray`` is ``None`` (Rust threads on this machine), ``True`` (the Ray instance this process
started, or a new local one), ``"auto"`` (the cluster ``ray start`` runs on this machine) or a
head node's ``HOST:PORT``.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Optional, Sequence, Union

from rbgtool import _rbgtool, evolver
from rbgtool._rbgtool import Game
from rbgtool.evolver import evolve_options

RayArg = Union[None, bool, str]


def _evaluator(
    ray: RayArg,
) -> Optional[Callable[[list[str], list[int], str], list[str]]]:
    if ray is None or ray is False:
        return None
    from rbgtool import ray as rbg_ray

    rbg_ray.connect(None if ray is True else ray)
    return rbg_ray.evaluate_on_ray


def evolve(
    out: str, *, resume: bool = False, ray: RayArg = None, **options: Any
) -> list[dict[str, Any]]:
    """Runs the evolver into the folder ``out`` (the files of ``rbgtool evolve`` with the same
    options); returns the generation summaries.

    >>> rbgtool.evolve("runs/r1", width=5, height=5, population=8, generations=3, seed=1)
    """
    return evolver.run(out, evolve_options(**options), resume, _evaluator(ray))


def evolve_generation(
    out: str, *, ray: RayArg = None, **options: Any
) -> dict[str, Any]:
    """Writes the next generation of the run in ``out`` (generation 0 into an empty folder) and
    returns its summary. Generation by generation gives the files of one ``rbgtool evolve`` run
    with the same options; raises ``GameError`` once ``generations`` are done.

    >>> while ...: summary = rbgtool.evolve_generation("runs/r1", population=8, seed=1)
    """
    return evolver.generation(out, evolve_options(**options), _evaluator(ray))


def tournament(
    game: Union[Game, str],
    agents: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    max_length: int = 10_000,
    ray: RayArg = None,
) -> dict[str, Any]:
    """A round-robin tournament: every pair of ``agents`` (``"random"``, ``"mcts:200"``,
    ``"alphabeta:2"``, ...; as ``rbgtool play``) plays ``games`` games, sides alternating.
    Pair ``k`` (pairs in the order (0,1), (0,2), ..., (1,2), ...) plays the games of
    ``rbgtool play --white A --black B --alternate --seed seed+k``, each game by fresh agents.

    Returns ``{"agents", "players", "standings": [{agent, games, wins, draws, losses,
    score}], "pairs": [{agents, seed, wins, draws}], "results": [{pair, game, seats, scores,
    length, finished, winner, seconds}]}`` (``seats[p]`` and ``winner`` are agent indices).

    >>> t = rbgtool.tournament("corpus/sbg/breakthrough.sbg", ["mcts:100", "random"], 10)
    >>> t["standings"][0]["score"]
    1.0
    """
    if isinstance(game, str):
        game = _rbgtool.load(game)
    play_batch = None
    if ray is not None and ray is not False:
        from rbgtool import ray as rbg_ray

        rbg_ray.connect(None if ray is True else ray)
        play_batch = rbg_ray.tournament_on_ray(game)
    text = _rbgtool.tournament(game, list(agents), games, seed, max_length, play_batch)
    result: dict[str, Any] = json.loads(text)
    return result


def record(
    game: Union[Game, str],
    games: int = 50,
    *,
    listing: str = "all",
    seed: int = 1,
    max_length: int = 10_000,
    max_records: int = 1_000_000,
) -> str:
    """Logs of ``games`` random games of an SBG game in the learner's format (as ``rbgtool
    record``); ``listing`` is ``"all"`` (every legal move) or ``"some"`` (the played one).

    >>> logs = rbgtool.record("corpus/sbg/breakthrough.sbg", 20)
    """
    if isinstance(game, str):
        game = _rbgtool.load(game)
    return _rbgtool.record(game, games, listing, seed, max_length, max_records)


def learn(
    logs: str,
    *,
    k: int = 2,
    max_expansions: int = 20,
    seconds: float = 60.0,
    name: str = "Learned",
) -> tuple[str, dict[str, Any]]:
    """Learns an SBG game from logs (as ``rbgtool learn``); returns the game's text and the
    report (``games``, ``records``, ``seconds``, ``pieces``, ``notes``).

    >>> text, report = rbgtool.learn(rbgtool.record("corpus/sbg/breakthrough.sbg", 20))
    >>> learned = rbgtool.load(text, lang="sbg")
    """
    return _rbgtool.learn(logs, k, max_expansions, seconds, name)
