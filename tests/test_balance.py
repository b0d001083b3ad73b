"""The balance lab: seeded sweeps, tables pandas reads, local cores and Dask (issue 13)."""

from __future__ import annotations

import pandas as pd
import pytest

from burgle.bots.balance import COLUMNS, SETTINGS, Cell, pair_cells, setting_cells, size_cells, summarise, sweep
from burgle.cli import main

CELLS = [Cell(("hawk", "peterman"), ("basic", "basic")), Cell(("rook", "spotter"), ("advanced", "advanced"))]


def test_cells_cover_pairs_on_both_sides_and_crew_sizes():
    assert len(pair_cells()) == 2 * 36
    assert [len(c.characters) for c in size_cells()] == [1, 2, 3, 4]
    settings = setting_cells()
    assert len(settings) == 4 * 36 and {c.sides for c in settings} == {("basic", "basic")}
    # the same crews on every (job, walls) setting, so settings compare like with like
    crews = {(job, walls): {c.characters for c in settings if (c.job, c.walls) == (job, walls)}
             for job, walls in SETTINGS}
    assert all(v == crews[("bank", "printed")] for v in crews.values())
    assert main(["balance", "--no-pairs", "--no-sizes", "--no-settings"]) == 2


def test_a_sweep_is_the_same_in_one_process_on_two_cores_and_on_dask():
    distributed = pytest.importorskip("distributed")
    one = sweep(CELLS, games=2, seed=11, bot="random", workers=1)
    two = sweep(CELLS, games=2, seed=11, bot="random", workers=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        dask = sweep(CELLS, games=2, seed=11, bot="random", client=client)
    keep = [c for c in COLUMNS if c != "seconds"]
    assert list(one.columns) == COLUMNS and len(one) == 4
    pd.testing.assert_frame_equal(one[keep], two[keep])
    pd.testing.assert_frame_equal(one[keep], dask[keep])
    assert list(one["seed"]) == [11, 12, 11, 12]


def test_summaries_give_wilson_intervals():
    df = pd.DataFrame({"characters": ["a", "a", "b"], "won": [True, False, False], "safes": [3, 1, 0]})
    t = summarise(df, "characters")
    a = t[t.characters == "a"].iloc[0]
    assert (a.games, a.wins, a.rate) == (2, 1, 0.5) and 0 < a.low < 0.5 < a.high < 1


@pytest.mark.parametrize("suffix", ["csv", "parquet"])
def test_burgle_balance_writes_a_table_pandas_reads(tmp_path, capsys, suffix):
    out = tmp_path / f"r.{suffix}"
    assert main(["balance", "--games", "1", "--bot", "random", "--characters", "hawk,rook", "--workers", "1",
                 "--out", str(out)]) == 0
    df = pd.read_csv(out) if suffix == "csv" else pd.read_parquet(out)
    assert list(df.columns) == COLUMNS
    # the pair on both sides, crews of 1 and 2 (the basic pair is both), and the basic pair
    # on The Office Job and on random walls (JOB-1, JOB-3)
    assert sorted(df["job"] + "/" + df["walls"] + "/" + df["characters"] + "/" + df["sides"]) == [
        "bank/printed/hawk+rook/advanced+advanced", "bank/printed/hawk+rook/basic+basic", "bank/printed/hawk/basic",
        "bank/random/hawk+rook/basic+basic", "office/printed/hawk+rook/basic+basic",
        "office/random/hawk+rook/basic+basic"]
    out = capsys.readouterr().out
    assert "6 games, 0 won" in out and "office random" in out


def test_burgle_balance_refuses_bad_input(capsys):
    assert main(["balance", "--out", "x.xlsx"]) == 2
    assert "--out must end in .parquet or .csv" in capsys.readouterr().err
    assert main(["balance", "--characters", "hawk,batman"]) == 2
    assert "unknown character(s) batman" in capsys.readouterr().err
