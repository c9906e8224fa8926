#!/usr/bin/env python3
"""An exporter command for the conformance suite that presents each branch of the interactive
templates as a template of its own, so every branch file and the scrub clip are checked like
any export (Chromium SMIL vs --at, geometry vs tracks, Lottie players):

    python3 -m Conformance run --exporter "python3 Conformance/branch_exporter.py"

`--list` prints NAME.cancel, NAME.finish, NAME.scrub for every template with an `interaction`;
`--template NAME.BRANCH` becomes `--template NAME --branch BRANCH` (one exporter run per
template); every other argument passes through. The exporter is $TRANS_EXPORT_BIN, else
.build/debug/trans-export."""
import json
import os
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("TRANS_EXPORT_BIN") or os.path.join(REPO, ".build", "debug", "trans-export")


def interactive_branches():
    out = []
    names = subprocess.run([BIN, "--list"], cwd=REPO, capture_output=True, text=True, check=True).stdout.split()
    for name in names:
        try:
            with open(os.path.join(REPO, "Templates", name + ".json"), encoding="utf-8") as f:
                interaction = json.load(f).get("interaction")
        except (OSError, ValueError):
            continue
        if interaction:
            out += ["%s.%s" % (name, b) for b in list(interaction.get("scripts", {})) + ["scrub"]]
    return out


def main(args):
    if args == ["--list"]:
        print("\n".join(interactive_branches()))
        return 0
    rest, templates = [], []
    i = 0
    while i < len(args):
        if args[i] == "--template" and i + 1 < len(args):
            templates.append(args[i + 1])
            i += 2
            continue
        rest.append(args[i])
        i += 1
    for t in templates:
        name, _, branch = t.rpartition(".")
        rc = subprocess.call([BIN] + rest + ["--template", name, "--branch", branch], cwd=REPO)
        if rc != 0:
            return rc
    return 0 if templates else subprocess.call([BIN] + rest, cwd=REPO)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
