"""The expert's lead (R14) rolls out only the best few leads by the normal score (s13 expert F2).

With every tile of the hand a candidate, the lead's 1,000 rollouts gave each about 100 worlds and
the lead followed the generator: from 0-2 0-4 0-5 0-6 1-3 3-3 3-7 4-5 4-7 4-9 it led 0-4, 3-3, 4-7,
4-5, 4-9, 0-5 or 0-6 (a light tile of a number held once). Now the four leads the normal level
scores highest (weight plus the tiles sharing a number) share the same 1,000 rollouts."""
from __future__ import annotations

import collections
import random

from test_coach_hint import _lead_view

from doublenine.server.bots import decide, expert
from doublenine.server.bots.strong import choices


def test_f2_the_reported_hand_leads_from_its_long_number_whatever_the_generator() -> None:
    view = _lead_view()
    _, k, cands = choices(view)
    assert k is not None and len(cands) == 10
    assert [str(c[0].tile) for c in expert.lead_shortlist(k, cands, expert.DEFAULT.lead_keep)] == \
        ["0-4", "4-5", "4-7", "4-9"]
    leads = collections.Counter(str(decide(view, "expert", random.Random(i)).tile) for i in range(10))
    assert leads == collections.Counter({"0-4": 5, "4-5": 3, "4-7": 2})


def test_f2_the_shortlist_keeps_legal_order_and_zero_keeps_every_lead() -> None:
    view = _lead_view()
    _, k, cands = choices(view)
    assert k is not None
    every = expert.lead_shortlist(k, cands, len(cands))
    assert every == cands
    one = expert.lead_shortlist(k, cands, 1)
    assert [str(c[0].tile) for c in one] == ["4-7"]  # 11 pips + 4 tiles sharing a 4 or a 7: 23
    whole = expert.ExpertSettings(lead_keep=0)
    assert decide(view, "normal", random.Random(0)).tile == one[0][0].tile
    assert expert.expert_play(view, random.Random(3), whole).tile in {c[0].tile for c in cands}
