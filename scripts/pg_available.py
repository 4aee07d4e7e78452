"""Exit 0 when a PostgreSQL server answers at the URL given, 1 otherwise.

Used by `make test` to decide whether to run the suite on PostgreSQL too.
"""

from __future__ import annotations

import sys

import dj_database_url


def main(url: str) -> int:
    try:
        import psycopg
    except ImportError:
        return 1
    config = dj_database_url.parse(url)
    try:
        psycopg.connect(
            host=config["HOST"] or "127.0.0.1",
            port=config["PORT"] or 5432,
            user=config["USER"] or "postgres",
            password=config["PASSWORD"] or None,
            dbname="postgres",
            connect_timeout=3,
        ).close()
    except Exception:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
