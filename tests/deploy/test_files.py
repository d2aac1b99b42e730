"""deploy/: the systemd unit passes `systemd-analyze verify`; the compose file and the
container file name files that exist and the same command line (issue 7 item 4).

Docker cannot run here, so nothing is built: these checks read the files.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_unit_verifies(tmp_path: Path) -> None:
    unit = (DEPLOY / "systemd/doublenine@.service").read_text()
    unit = unit.replace("/opt/doublenine/bin/doublenine", "/bin/true")  # the program is not installed here
    (tmp_path / "doublenine@8765.service").write_text(unit)
    done = subprocess.run(
        ["systemd-analyze", "verify", str(tmp_path / "doublenine@8765.service")],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 0, done.stderr
    assert "Unknown key" not in done.stderr and "Unknown section" not in done.stderr, done.stderr


def _systemd_version() -> int:
    out = subprocess.run(["systemd-analyze", "--version"], capture_output=True, text=True, timeout=60).stdout
    return int(re.match(r"systemd (\d+)", out).group(1))  # type: ignore[union-attr]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_systemd_backoff_drop_in_verifies_or_is_ignored_as_the_docs_say(tmp_path: Path) -> None:
    """Operator finding 3: the drop-in's keys are systemd 254's; an older systemd ignores exactly
    them, with the warning docs/operations.md quotes."""
    unit = (DEPLOY / "systemd/doublenine@.service").read_text().replace("/opt/doublenine/bin/doublenine", "/bin/true")
    (tmp_path / "doublenine@8765.service").write_text(unit)
    (tmp_path / "doublenine@8765.service.d").mkdir()
    (tmp_path / "doublenine@8765.service.d/backoff.conf").write_text(
        (DEPLOY / "systemd/doublenine@.service.d/backoff.conf").read_text())
    done = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "doublenine@8765.service")],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    unknown = re.findall(r"Unknown key '(\w+)' in section \[Service\], ignoring\.", done.stderr)
    assert unknown == ([] if _systemd_version() >= 254 else ["RestartSteps", "RestartMaxDelaySec"]), done.stderr
    docs = (DEPLOY.parent / "docs/operations.md").read_text()
    assert "`Unknown key 'RestartSteps' in section [Service],\n   ignoring.`" in docs


def test_systemd_unit_never_gives_up_and_waits_for_the_database() -> None:
    """Operator finding 3: without PostgreSQL the unit gave up after ~10 tries in ~33 s
    (StartLimitBurst=10 in 60 s, RestartSec=2), and nothing ordered it after the database."""
    unit = (DEPLOY / "systemd/doublenine@.service").read_text()
    settings = [ln for ln in unit.splitlines() if ln and not ln.startswith("#")]
    assert "StartLimitIntervalSec=0" in settings and not [ln for ln in settings if ln.startswith("StartLimitBurst")]
    assert [ln for ln in settings if ln.startswith(("After=", "Wants=", "Restart"))] == [
        "After=network-online.target postgresql.service", "Wants=network-online.target",
        "Restart=always", "RestartSec=5"]
    drop_in = (DEPLOY / "systemd/doublenine@.service.d/backoff.conf").read_text()
    assert [ln for ln in drop_in.splitlines() if ln and not ln.startswith("#")] == [
        "[Service]", "RestartSteps=6", "RestartMaxDelaySec=60"]
    docs = (DEPLOY.parent / "docs/operations.md").read_text()
    for said in ("every 5 s (`RestartSec=5`)", "(`StartLimitIntervalSec=0`: it never gives up;",
                 "from 5 s\n   to 60 s over 6 restarts (`RestartSteps=6`, `RestartMaxDelaySec=60`)",
                 "With systemd 254 or later", "`After=postgresql.service`"):
        assert said in docs, said


def test_systemd_unit_is_hardened_and_restarts() -> None:
    unit = (DEPLOY / "systemd/doublenine@.service").read_text()
    # operator s17 F11: journald's per-unit rate limit dropped a busy instance's move lines
    for line in ("DynamicUser=yes", "ProtectSystem=strict", "Restart=always", "KillSignal=SIGTERM",
                 "NoNewPrivileges=yes", "StateDirectory=doublenine", "LogRateLimitIntervalSec=0"):
        assert f"\n{line}\n" in unit, line


def test_compose_mounts_files_that_exist() -> None:
    text = (DEPLOY / "compose.yaml").read_text()
    mounted = re.findall(r"- \./([\w./-]+):", text)
    assert "nginx/compose.conf" in mounted and "nginx/site.inc" in mounted
    for rel in mounted:
        if rel != "certs":  # the operator supplies the certificates
            assert (DEPLOY / rel).is_file(), rel
    assert "dockerfile: deploy/Containerfile" in text and (DEPLOY / "Containerfile").is_file()


def test_compose_yaml_parses_with_healthchecks() -> None:
    yaml = pytest.importorskip("yaml", reason="no YAML library installed; the file is checked textually above")
    doc = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = doc["services"]
    assert set(services) == {"postgres", "server1", "server2", "server3", "nginx"}
    assert all("healthcheck" in s for s in services.values())


def test_container_runs_serve_on_all_interfaces() -> None:
    text = (DEPLOY / "Containerfile").read_text()
    assert text.count("FROM python:3.11-slim") == 1
    assert 'ENTRYPOINT ["doublenine", "serve"]' in text
    assert '"--host", "0.0.0.0"' in text


def test_every_serve_flag_in_deploy_exists() -> None:
    """The unit, the compose file and the container file only use flags `doublenine serve` has."""
    import argparse

    from doublenine.server.cli import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    known = {opt for action in parser._actions for opt in action.option_strings}
    unit = (DEPLOY / "systemd/doublenine@.service").read_text()
    lines = [unit.split("ExecStart=", 1)[1].split("\n#", 1)[0]]
    lines += [ln for ln in (DEPLOY / "compose.yaml").read_text().splitlines() if ln.startswith("    command:")]
    lines += [ln for ln in (DEPLOY / "Containerfile").read_text().splitlines() if ln.startswith("CMD")]
    used = {flag for ln in lines for flag in re.findall(r"(--[a-z][a-z-]+)", ln)}
    assert {"--host", "--port", "--trust-proxy"} <= used
    assert used <= known, sorted(used - known)


def test_no_deploy_file_puts_the_store_on_a_command_line() -> None:
    """Operator s11 finding 5: the unit's ``--db ${DOUBLENINE_DB}`` and compose's ``command: [... "--db",
    "postgresql://doublenine:${PASSWORD}@..."]`` showed the password to every user through ``ps``; serve
    reads ``$DOUBLENINE_DB`` itself. Each file names the store in the environment only."""
    unit = (DEPLOY / "systemd/doublenine@.service").read_text()
    exec_start = unit.split("\nExecStart=", 1)[1].split("\n", 1)[0]
    assert exec_start == "/opt/doublenine/bin/doublenine serve --host 127.0.0.1 --port %i --trust-proxy"
    assert "EnvironmentFile=-/etc/doublenine/env" in unit.splitlines()
    compose = (DEPLOY / "compose.yaml").read_text()
    commands = [ln for ln in compose.splitlines() if ln.startswith("    command:") and '"nginx"' not in ln]
    assert len(commands) == 3 and not any("--db" in ln or "postgres" in ln for ln in commands)
    assert ('    DOUBLENINE_DB: "postgresql://doublenine:${DOUBLENINE_PG_PASSWORD:?set DOUBLENINE_PG_PASSWORD}'
            '@postgres:5432/doublenine"') in compose.splitlines()
    container = (DEPLOY / "Containerfile").read_text()
    assert [ln for ln in container.splitlines() if ln.startswith("CMD")] == ['CMD ["--host", "0.0.0.0", "--port", "8765"]']
    assert "    DOUBLENINE_DB=/data/doublenine.sqlite3" in container.splitlines()


def test_case_2_instances_never_get_a_store_of_their_own() -> None:
    """Issue 12 case 2: each systemd instance had its own SQLite file, so nginx sent a failed
    process's players to one that could not have their table. The instances share one store
    (one SQLite file for one instance, which refuses a second; PostgreSQL for several)."""
    unit = (DEPLOY / "systemd/doublenine@.service").read_text()
    store = [ln for ln in unit.splitlines() if ln.startswith("Environment=") and "DOUBLENINE_DB" in ln]
    assert store and "%i" not in store[0]
    nginx = (DEPLOY / "nginx/doublenine.conf").read_text()
    assert "backup" not in nginx and "hash $dn_route consistent" in nginx and "zone " in nginx


def test_nginx_security_headers_and_error_pages_are_written_once() -> None:
    """deploy/nginx: the security headers of nginx's own answers live in headers.inc only, included
    by every location that answers by itself (the redirect to https, the 429 page, /nginx-healthz in both
    servers, the two pages of pages.inc); nginx's own pages live in pages.inc only, included by both servers. A copy per
    server block could drift: tests/deploy/test_nginx_pages.py checks the values on every answer."""
    nginx = DEPLOY / "nginx"
    headers = re.findall(r"^add_header (\S+) ", (nginx / "headers.inc").read_text(), re.M)
    assert headers == ["Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options",
                       "Strict-Transport-Security"]
    site, pages = (nginx / "site.inc").read_text(), (nginx / "pages.inc").read_text()
    # site.inc's https server adds HSTS for the answers of its locations that add no header of their own
    # (the processes' answers: their own security headers pass untouched).
    assert set(re.findall(r"^\s*add_header (\S+) ", site, re.M)) == {"Cache-Control", "Retry-After", "Strict-Transport-Security"}
    assert set(re.findall(r"^\s*add_header (\S+) ", pages, re.M)) == {"Cache-Control"}
    assert (site.count("include /etc/nginx/doublenine/headers.inc;"),
            pages.count("include /etc/nginx/doublenine/headers.inc;")) == (4, 2)
    assert site.count("include /etc/nginx/doublenine/pages.inc;") == 2 and "/.dn-nginx/refused" not in site
    mounted = re.findall(r"- \./nginx/([\w.]+):/etc/nginx/doublenine/", (DEPLOY / "compose.yaml").read_text())
    assert sorted(mounted) == ["codes.inc", "headers.inc", "pages.inc", "site.inc"]


def test_s9_compose_believes_forwarded_headers_only_from_its_own_subnet() -> None:
    """nginx reaches the servers from another container, not loopback: without ``--proxy-from``
    its X-Forwarded-For would be ignored and every client counted as nginx (attacker s9 fix)."""
    text = (DEPLOY / "compose.yaml").read_text()
    commands = [ln for ln in text.splitlines() if "command:" in ln and '"nginx"' not in ln]  # the servers'
    assert len(commands) == 3
    assert all('"--trust-proxy", "--proxy-from", "172.28.53.0/24"' in ln for ln in commands)
    assert "- subnet: 172.28.53.0/24" in text


def _copied_by_containerfile() -> set[str]:
    """The top-level files and folders the Containerfile's COPY lines take from the checkout."""
    copied: set[str] = set()
    for line in (DEPLOY / "Containerfile").read_text().splitlines():
        if line.startswith("COPY "):
            copied.update(part.rstrip("/").removeprefix("./").split("/")[0] for part in line.split()[1:-1])
    return copied


def test_s11_6_the_image_copies_every_file_the_build_reads() -> None:
    """Operator s11 finding 6: the Containerfile left LICENSE out while pyproject.toml lists it in
    ``license-files``; setuptools only warned ("Pattern 'LICENSE' did not match any files"), the
    wheel lacked ``dist-info/licenses/LICENSE``, and such builds stop working after 2027-02-18. Every
    path pyproject.toml names (readme, license-files, package folders) is copied, and the build
    backend is held below its next major version."""
    import tomllib

    project_file = DEPLOY.parent / "pyproject.toml"
    pyproject = tomllib.loads(project_file.read_text())
    needed = {"pyproject.toml", pyproject["project"]["readme"]}
    needed |= {path.split("/")[0] for path in pyproject["project"]["license-files"]}
    needed |= {folder.split("/")[0] for folder in pyproject["tool"]["setuptools"]["package-dir"].values()}
    assert needed == {"pyproject.toml", "README.md", "LICENSE", "client", "doublenine", "server", "shared"}
    assert _copied_by_containerfile() == needed
    assert pyproject["build-system"]["requires"] == ["setuptools>=77,<85"]


def test_s11_15_compose_nginx_reaches_each_server_at_its_fixed_address() -> None:
    """Operator s11 finding 15: compose.conf named server1..3, which nginx resolves once at its start;
    a server container recreated by an upgrade may get another address and was never reached again.
    Each server has a fixed address in the compose network, and compose.conf lists exactly those."""
    text = (DEPLOY / "compose.yaml").read_text()  # read as text: no YAML library here (the other test skips)
    fixed = dict(re.findall(r"^  (server\d):\n(?:    .*\n)*?      default: \{ipv4_address: ([\d.]+)\}$", text, re.M))
    assert fixed == {"server1": "172.28.53.11", "server2": "172.28.53.12", "server3": "172.28.53.13"}
    upstream = re.findall(r"^\s*server (\S+) ", (DEPLOY / "nginx/compose.conf").read_text(), re.M)
    assert upstream == [f"{address}:8765" for address in fixed.values()]
    assert "- subnet: 172.28.53.0/24" in text
