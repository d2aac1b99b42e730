"""The table code a connection's path names, read as nginx routes it (deploy/nginx/site.inc,
codes.inc), and the WRONG_ROUTE refusal of a frame naming another (server/lookup.py; attacker
finding: a stranger's spectate on another code's path moved a live table)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from doublenine.server.lookup import NGINX_FOLDS, check_route, nginx_route, routed_code
from doublenine.server.table import Refused
from doublenine.shared.errors import ErrorCode


@pytest.mark.parametrize(("path", "code"), [
    ("/t/KQ7PM", "KQ7PM"), ("/t/kq7pm/", "KQ7PM"), ("/t/KQ-7_PM?x=1", "KQ7PM"), ("/t/KQ7PM#x", "KQ7PM"),
    ("/?table=KQ7PM", "KQ7PM"), ("/?a=1&TABLE=kq7pm&table=ZZZZZ", "KQ7PM"), ("/t/KQ7PM?table=ZZZZZ", "KQ7PM"),
    ("/", None), ("", None), (None, None), ("/t/", None), ("/t/A/B", None), ("/t/" + "A" * 33, None),
    ("/x/t/KQ7PM", None), ("/?table=", None), ("/?tables=KQ7PM", None), ("/t/" + "A" * 3000, None),
    # re-check finding: paths nginx normalises ($uri: escapes decoded, slashes merged, dot segments
    # resolved) before it routes; read differently here they named a route nginx did not take
    ("/t/%4BQ7PM", None), ("//t/AAAAA?table=KQ7PM", None), ("/x/../t/R?table=KQ7PM", None),
    ("/t/./R?table=KQ7PM", None), ("/t/%2e%2e/t/R?table=KQ7PM", None), ("/any/where?table=KQ7PM", None),
    ("/?table=KQ%37PM", None), ("//t/KQ7PM", None),
    # attacker s10 F5: codes.inc drops only the first two '-'/'_' (and makes only six letters
    # capitals) before hashing; a spelling it routes by a leftover names no route here
    ("/t/KQ-7PM-", "KQ7PM"), ("/t/_kq7pm_", "KQ7PM"), ("/?table=K-Q7P_M", "KQ7PM"),
    ("/t/R-G-Q-4-F", None), ("/t/R_G_Q_4_F", None), ("/t/R---GQ4F", None), ("/t/--R-G-Q-4-F", None),
    ("/t/RGQ4F---", None), ("/?table=4-G-Q-H-Q", None), ("/?table=4_G_Q_H_Q", None), ("/?table=4---GQHQ", None),
    ("/t/kq7pmabc", None), ("/t/kq7pmA", "KQ7PMA"),
])
def test_routed_code_reads_only_a_plain_path_where_nginx_and_the_server_agree(path: str | None, code: str | None) -> None:
    assert routed_code(path) == code


def test_a_frame_naming_another_code_than_its_path_is_refused_wrong_route() -> None:
    check_route("kq-7pm", "KQ7PM")  # the same code, spelt otherwise
    check_route("ANYTH", None)  # a path naming no code
    with pytest.raises(Refused) as caught:
        check_route("ZZZZZ", "KQ7PM")
    assert caught.value.code is ErrorCode.WRONG_ROUTE and caught.value.data == {"path": "/t/ZZZZZ"}


def test_the_folds_modelled_are_the_ones_codes_inc_is_made_with() -> None:
    spec = importlib.util.spec_from_file_location(
        "make_codes", Path(__file__).resolve().parents[2] / "deploy/nginx/make_codes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert NGINX_FOLDS == (module.SEPARATORS, module.LETTERS) == (2, 6)
    assert nginx_route("r-g-q-4-f") == "RGQ-4-F"
    assert nginx_route("a_b-c_d-e-f-g-h") == "ABC_D-E-F-g-h"
