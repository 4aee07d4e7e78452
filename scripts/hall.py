"""Serve Rebelote from this laptop to the phones of a hall without internet
(README, "No internet in the hall"): ``make hall``.

The production server (``belote_site/serve.py``: granian) on every address of
this machine, port 8000 (``HALL_PORT``), with the embedded defaults: SQLite
in ``db.sqlite3`` (the same file as ``make run``: everything is in it, so a
laptop that restarts loses nothing: run ``make hall`` again) and the cache
in memory. It sets:

- ``DEBUG=0``: no debug page to a phone; the static files are collected
  and served by WhiteNoise.
- ``SECRET_KEY``: made once and kept in ``.hall-secret`` (ignored by git),
  so that the phones' sessions (their "my matches", the team they follow)
  survive a restart.
- ``ALLOWED_HOSTS=*``: the phones reach the laptop by its address on the
  hall's Wi-Fi, which the laptop learns only then (a hotspot's, a box's);
  the links and QR codes are built from the address a phone used.
- ``SECURE_COOKIES=0``: the hall is plain http (no certificate without
  internet); secure cookies would never come back over it.

It prints the addresses the phones can use, then becomes the server
(Ctrl+C stops it). ``--print`` prints the environment and the commands
without running them.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRET_FILE = ROOT / ".hall-secret"
# Addresses a UDP socket is "connected" to (nothing is sent) to learn which
# local address each private network would use.
PROBES = ("10.255.255.255", "172.31.255.255", "192.168.255.255", "8.8.8.8")


def secret_key(path: Path = SECRET_FILE) -> str:
    """The hall's ``SECRET_KEY``: read from ``path``, made and kept there the first time."""
    if path.exists() and path.read_text().strip():
        return path.read_text().strip()
    key = secrets.token_urlsafe(50)
    path.write_text(key + "\n")
    path.chmod(0o600)
    return key


def addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (loopback left out), best first."""
    found: list[str] = []
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                address = s.getsockname()[0]
        except OSError:  # no route to that network
            continue
        if not address.startswith("127.") and address not in found:
            found.append(address)
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    return found


def environment(port: int, key: str) -> dict[str, str]:
    """The server's environment: this one, with the hall's settings (module docstring)."""
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": key,
        "ALLOWED_HOSTS": "*",
        "SECURE_COOKIES": "0",
        "BIND": f"0.0.0.0:{port}",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("HALL_PORT") or 8000))
    parser.add_argument("--print", action="store_true", help="print, run nothing")
    args = parser.parse_args(argv)
    python = sys.executable
    env = environment(args.port, "(from .hall-secret)" if args.print else secret_key())
    commands = [
        [python, "manage.py", "migrate", "--noinput"],
        [python, "manage.py", "collectstatic", "--noinput", "-v", "0"],
    ]
    server = [python, "-m", "belote_site.serve"]
    if args.print:
        for name in ("DEBUG", "ALLOWED_HOSTS", "SECURE_COOKIES", "BIND"):
            print(f"{name}={env[name]}")
        for command in [*commands, server]:
            print(" ".join(command))
        return 0
    for command in commands:
        subprocess.run(command, cwd=ROOT, env=env, check=True)
    found = addresses()
    print("\nRebelote sert la salle. Les téléphones, sur le même Wi-Fi, ouvrent :")
    for address in found or ["<adresse de cet ordinateur>"]:
        print(f"    http://{address}:{args.port}/")
    print(
        "Créez le concours et imprimez les cartes des tables depuis cette adresse-là\n"
        "(pas 127.0.0.1) : les codes QR la contiennent. Ctrl+C arrête le serveur ;\n"
        "tout est dans db.sqlite3 : relancez `make hall`, rien n'est perdu.\n",
        flush=True,
    )
    os.chdir(ROOT)
    os.execve(server[0], server, env)
    return 0  # pragma: no cover - execve does not return


if __name__ == "__main__":
    sys.exit(main())
