#!/usr/bin/env python3
"""Keeps the package usable as another package's versioned dependency.

Package.swift compiles the numeric stages with -O in debug builds (unsafe flags), which SwiftPM
refuses in a versioned dependency ("the target ... contains unsafe build flags"). The manifest
leaves them out when its checkout lies in a .build or SourcePackages folder, as a dependency's
does. This evaluates the manifest both ways (`swift package dump-package`, no build) and checks
that the root checkout has the flags (debug only) and a dependency's checkout has none.
Usage: python3 Scripts/check_manifest_as_dependency.py   (exit 1 with one line per problem)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def unsafe_flags(package_dir):
    """(target, flags, condition) of every unsafeFlags setting the manifest gives there."""
    env = {k: v for k, v in os.environ.items() if k != "TRANS_EXPORT_ONONE"}  # the default manifest
    out = subprocess.run(["swift", "package", "--package-path", package_dir, "dump-package"],
                         check=True, capture_output=True, text=True, env=env).stdout
    found = []
    for target in json.loads(out)["targets"]:
        for setting in target.get("settings", []):
            kind = setting.get("kind", {})
            if "unsafeFlags" in kind:
                found.append((target["name"], kind["unsafeFlags"]["_0"], setting.get("condition")))
    return found


def problems():
    out = []
    root = unsafe_flags(ROOT)
    if not root:
        out.append("Package.swift: the root checkout has no optimized debug targets (expected -O on the numeric stages)")
    for name, flags, condition in root:
        if (condition or {}).get("config") != "debug":
            out.append("Package.swift: %s's unsafe flags %s are not limited to debug builds" % (name, flags))
    with tempfile.TemporaryDirectory() as tmp:
        checkout = os.path.join(tmp, ".build", "checkouts", "trans-export")
        os.makedirs(checkout)
        shutil.copy(os.path.join(ROOT, "Package.swift"), checkout)
        for name, flags, _ in unsafe_flags(checkout):
            out.append("Package.swift: as a dependency, %s still has unsafe flags %s (SwiftPM refuses it)" % (name, flags))
    return out


if __name__ == "__main__":
    found = problems()
    for p in found:
        print(p)
    if not found:
        print("check_manifest_as_dependency: unsafe flags in the root checkout's debug builds only")
    sys.exit(1 if found else 0)
