"""Lets the suite check a definition outside Templates/ (it asks for `--template NAME`):

    python3 -m Conformance.input_exporter BINARY DEFINITION [exporter options...]

runs BINARY with the options given, `--template NAME` replaced by `--input DEFINITION`
(NAME being the definition's `name`, which names the files written)."""
import os
import sys


def main():
    binary, definition, *args = sys.argv[1:]
    out, i = [], 0
    while i < len(args):
        if args[i] == "--template":
            out += ["--input", definition]
            i += 2
            continue
        out.append(args[i])
        i += 1
    os.execv(binary, [binary] + out)


if __name__ == "__main__":
    main()
