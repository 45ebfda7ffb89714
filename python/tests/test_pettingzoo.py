"""The PettingZoo adapter passes PettingZoo's own API test."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is a test dependency (.ci/python)")

from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

import rbgtool.pettingzoo  # noqa: E402
from conftest import CORPUS, shared_gdl  # noqa: E402


@pytest.mark.parametrize("file", ["sbg/breakthrough.sbg", "rbg/breakthrough.rbg"])
def test_api_test_passes(file: str) -> None:
    env = rbgtool.pettingzoo.env(str(CORPUS / file))
    api_test(env, num_cycles=200, verbose_progress=False)


def test_observation_planes_sbg() -> None:
    env = rbgtool.pettingzoo.env(str(CORPUS / "sbg/breakthrough.sbg"))
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.last()
    planes = obs["observation"]
    assert planes.shape[:2] == (8, 8)
    assert planes.sum() == 32
    assert obs["action_mask"].sum() == 22


def test_observation_planes_rbg_rectangle() -> None:
    env = rbgtool.pettingzoo.env(str(CORPUS / "rbg/connectFour.rbg"))
    env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.last()
    assert obs["observation"].shape == (6, 7, 3)  # rows, columns; e, r, y
    assert obs["observation"][:, :, 0].all()  # every square empty
    assert obs["action_mask"].sum() == 7


def test_gdl_parallel_env_passes_the_parallel_api_test() -> None:
    env = rbgtool.pettingzoo.parallel_env(str(CORPUS / "gdl/pennies.kif"))
    parallel_api_test(env, num_cycles=20)
    observations, _ = env.reset(seed=1)
    assert set(observations) == {"even", "odd"}
    assert observations["even"]["observation"].sum() == 1  # (step 0)
    assert list(observations["odd"]["action_mask"]) == [1, 1]
    _, rewards, terminations, _, _ = env.step({"even": 0, "odd": 1})
    assert rewards == {"even": -1.0, "odd": 1.0}  # heads, tails: odd wins
    assert all(terminations.values()) and env.agents == []


def test_public_simultaneous_gdl_game_as_parallel_env() -> None:
    env = rbgtool.pettingzoo.parallel_env(
        str(shared_gdl("connectFourSimultaneous.kif"))
    )
    parallel_api_test(env, num_cycles=50)
