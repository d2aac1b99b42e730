"""The Portuguese catalog is Brazilian Portuguese, speaking to the player as "você" (the majority of the
catalog and of the rules text): it mixed in European forms ("Está a escrever depressa demais",
"equipa", "registo", "ficheiro", "ligação", "por si"), so one screen said "equipe" and the next "equipa"."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PT = Path(__file__).resolve().parents[2] / "shared" / "i18n" / "pt.po"
#: European Portuguese words and their Brazilian ones (docs/translating.md): equipe, registro, tela,
#: mouse, usuário, arquivo, conexão, "por você", "em outra", and "tu" forms never (the player is "você").
EUROPEAN = re.compile(
    r"\b(equipas?|registos?|ecrãs?|ratos?|utilizador(es|as?)?|ficheiros?|ligaç(ão|ões)|noutr[oa]s?|"
    r"tu|te|ti|contigo|teus?|tuas?|estás|podes|tens|queres|fazes|sabes|por si|à sua espera|à espera)\b",
    re.IGNORECASE)
#: "está a escrever": the European continuous; Brazilian says "está escrevendo" (any form of estar/ficar/
#: andar + a + an infinitive, or the bare "a jogar" of a status label).
CONTINUOUS = re.compile(r"(\b(est(ar|á|ão|ou|ava|avam|amos|ive|eja|ejam)|fic\w*|and\w*)\s+|^)a\s+\w+[aeio]r\b",
                        re.IGNORECASE)


def _strings() -> list[tuple[str, str]]:
    with open(PT, "rb") as f:
        catalog = read_po(f)
    out = []
    for m in catalog:
        if m.id:
            for s in m.string if isinstance(m.string, tuple | list) else (m.string,):
                out.append((str(m.id if isinstance(m.id, str) else m.id[0]), str(s)))
    return out


def test_portuguese_has_no_european_words() -> None:
    assert [(i, s) for i, s in _strings() if EUROPEAN.search(s)] == []


def test_portuguese_has_no_european_continuous() -> None:
    assert [(i, s) for i, s in _strings() if CONTINUOUS.search(s)] == []


def test_the_patterns_catch_the_european_forms_that_were_there() -> None:
    for european in ("Está a escrever depressa demais", "O computador está a jogar por si", "a jogar",
                     "a sua equipa", "o ficheiro do certificado", "A ligação segura", "no ecrã", "com o rato",
                     "o registo", "o utilizador", "tu podes"):
        assert EUROPEAN.search(european) or CONTINUOUS.search(european), european
    for brazilian in ("Uma dica já está a caminho", "Você está escrevendo", "a equipe {team} marca",
                      "Voltar à tela inicial", "Registro", "O arquivo não pode ser lido", "Conexão perdida"):
        assert not (EUROPEAN.search(brazilian) or CONTINUOUS.search(brazilian)), brazilian


def test_the_fixed_messages_read_in_brazilian_portuguese() -> None:
    pt = dict(_strings())
    assert pt["You are chatting too fast: wait a moment"] == \
        "Você está escrevendo rápido demais: espere um momento"
    assert pt["The computer is playing for you"] == "O computador está jogando por você"
    assert pt["{name} is waiting for you: your turn!"] == "{name} está esperando você: é a sua vez!"
    assert pt["A redeal needs five or more doubles"] == "Uma nova distribuição exige cinco carroças ou mais"
