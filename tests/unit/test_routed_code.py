"""The table code a connection's path names, read as nginx routes it (deploy/nginx/site.inc,
codes.inc), and the WRONG_ROUTE refusal of a frame naming another (server/lookup.py; attacker
finding: a stranger's spectate on another code's path moved a live table)."""
from __future__ import annotations

import pytest

from doublenine.server.lookup import check_route, routed_code
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
])
def test_routed_code_reads_only_a_plain_path_where_nginx_and_the_server_agree(path: str | None, code: str | None) -> None:
    assert routed_code(path) == code


def test_a_frame_naming_another_code_than_its_path_is_refused_wrong_route() -> None:
    check_route("kq-7pm", "KQ7PM")  # the same code, spelt otherwise
    check_route("ANYTH", None)  # a path naming no code
    with pytest.raises(Refused) as caught:
        check_route("ZZZZZ", "KQ7PM")
    assert caught.value.code is ErrorCode.WRONG_ROUTE and caught.value.data == {"path": "/t/ZZZZZ"}
