"""The PettingZoo adapter passes PettingZoo's own API test."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="pettingzoo is a test dependency (.ci/python)")

from pettingzoo.test import api_test  # noqa: E402

import rbgtool.pettingzoo  # noqa: E402
from conftest import CORPUS  # noqa: E402


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
