#!/usr/bin/env python3
"""Writes a new excerpt of a seed thesis for docs/studies/seed-quotes.md.

Every number the docs attribute to a seed thesis is written as a link into
docs/studies/seed-quotes.md, where the thesis' own words are kept as a short verbatim excerpt with
the file it comes from, its byte range and its SHA-256; `SeedQuotesTest` checks them (against the
theses themselves where ARBITER_SEEDS names the folder of their text files).

    scripts/seed-quotes.py make ID FILE START END "SOURCE"
        Prints a new entry for seed-quotes.md: the text of FILE from the first occurrence of START
        to the end of the first occurrence of END after it; SOURCE names the thesis and its section.
"""
import hashlib
import pathlib
import sys


def make(ident, file, start, end, source):
    data = pathlib.Path(file).read_bytes()
    a = data.find(start.encode("utf-8"))
    if a < 0:
        sys.exit(f"error: {start!r} is not in {file}")
    b = data.find(end.encode("utf-8"), a)
    if b < 0:
        sys.exit(f"error: {end!r} does not follow {start!r} in {file}")
    b += len(end.encode("utf-8"))
    text = data[a:b]
    name = pathlib.Path(file).name
    print(f"### {ident}\n\n{source} · `{name}` bytes {a}-{b}, sha256 `{hashlib.sha256(text).hexdigest()}`\n\n"
          f"```text\n{text.decode('utf-8')}\n```\n")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == "make":
        sys.exit(make(*sys.argv[2:]))
    sys.exit(__doc__)
