"""lab/durak/paired.py: two arena players compared deal by deal."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab.durak.paired import PerDealError, main, read_side


def write(tmp_path: Path, name: str, text: str) -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_pairs_the_common_deals_and_pools_pieces(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Pieces of one side pool; only deals both sides played are compared; A - B is the
    mean of the per-deal differences."""
    a1 = write(tmp_path, "a1", "deal 1: score 1 durak 0\ndeal 2: score 0.5 durak 0.5\n")
    a2 = write(tmp_path, "a2", "preset=podkidnoy: ...\ndeal 3: score 1 durak 0\n")
    b = write(tmp_path, "b", "deal 1: score 0.5 durak 0.5\ndeal 2: score 0.5 durak 0.5\n"
              "deal 3: score 0 durak 1\ndeal 4: score 1 durak 0\n")
    assert read_side([a1, a2]) == {1: (1.0, 0.0), 2: (0.5, 0.5), 3: (1.0, 0.0)}
    assert main([f"{a1},{a2}", b]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 deals in common (1..3)")
    assert "A-B +50.0" in out  # differences 0.5, 0, 1


@pytest.mark.parametrize("line", ["deal 1: score 1.5 durak 0", "deal 1: score nan durak 0",
                                  "deal x: score 1 durak 0", "deal 1: score 1"])
def test_a_bad_deal_line_is_a_specific_error(tmp_path: Path, line: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bad", line + "\n")
    with pytest.raises(PerDealError):
        read_side([path])
    assert main([path, path]) == 2
    assert "error:" in capsys.readouterr().err


def test_a_deal_twice_with_other_figures_is_refused(tmp_path: Path) -> None:
    a = write(tmp_path, "a", "deal 1: score 1 durak 0\n")
    b = write(tmp_path, "b", "deal 1: score 0 durak 1\n")
    with pytest.raises(PerDealError, match="seen before"):
        read_side([a, b])
