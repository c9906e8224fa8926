#!/usr/bin/env bash
# Installs what the conformance suite (Conformance/) needs, from Debian and PyPI only.
# Run as root on Debian 12. Idempotent: a rerun checks and skips what is already there (~1 s).
#
#   Debian : chromium (SMIL playback, lottie-web), firefox-esr (Gecko's SMIL, driven headless
#            over Marionette), librsvg2-bin (rsvg-convert, a static SVG renderer), libxml2-utils
#            (xmllint), fonts-dejavu-core, python3-venv; for the raster formats (build and
#            `python3 -m Conformance raster`): librsvg2-dev, libwebp-dev, libgif-dev, zlib1g-dev
#            (the gallery page's packed files), pkg-config,
#            and the ffmpeg program (MP4; also decodes it in the check)
#   venv   : ${TRANS_EXPORT_VENV:-$HOME/.cache/trans-export-venv} with the pinned PyPI packages
#            below (official Lottie schema + validator, and jsonschema-rs, which says in
#            milliseconds whether a file is valid; rlottie, ThorVG, pillow, numpy,
#            marionette-driver: the Firefox remote protocol client; ruff, the Python linter
#            .ci/run runs with ruff.toml)
#   player : lottie-web 5.7.5 (MIT), the first <script> block of pylottie/lottie.html in the
#            PyPI wheel pylottie==2024, extracted to $VENV/lottie-web/lottie.js
set -euo pipefail

VENV="${TRANS_EXPORT_VENV:-$HOME/.cache/trans-export-venv}"
APT_PACKAGES=(chromium firefox-esr fonts-dejavu-core librsvg2-bin libxml2-utils python3-venv
              librsvg2-dev libwebp-dev libgif-dev zlib1g-dev pkg-config ffmpeg valgrind)
PIP_PACKAGES=("lottie-specs==0.5.2" "jsonschema==4.26.0" "jsonschema-rs==0.61.2" "rlottie-python==1.3.8"
              "thorvg-python==1.1.3" "pillow" "numpy" "marionette-driver==3.7.1" "ruff==0.17.6")
LOTTIE_WEB_WHEEL="pylottie==2024"
LOTTIE_WEB_VERSION="5.7.5"
LOTTIE_WEB_SHA256="44137026103a437e51e745614868880263e0e579087a10a4381631b1a67a37d5"

log() { printf 'install-test-deps: %s\n' "$*" >&2; }

# --- Debian packages: apt-get update/install only when something is missing
missing=()
for p in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    log "missing Debian packages: ${missing[*]} (run this script as root)"
    exit 1
  fi
  log "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  log "Debian packages present"
fi

# --- virtual environment with the pinned PyPI packages
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
if [ ! -x "$VENV/bin/python" ]; then
  log "creating venv $VENV"
  "$PY" -m venv "$VENV"
fi
stamp="$VENV/.trans-export-requirements"
want=$(printf '%s\n' "${PIP_PACKAGES[@]}")
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
   && "$VENV/bin/python" -c 'import lottie_specs, jsonschema, jsonschema_rs, rlottie_python, thorvg_python, PIL, numpy, marionette_driver' 2>/dev/null; then
  log "PyPI packages present"
else
  log "pip install ${PIP_PACKAGES[*]}"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check "${PIP_PACKAGES[@]}"
  "$VENV/bin/python" -c 'import lottie_specs, jsonschema, jsonschema_rs, rlottie_python, thorvg_python, PIL, numpy, marionette_driver'
  printf '%s\n' "$want" > "$stamp"
fi

# --- lottie-web's standalone player, from the pylottie wheel (no npm, no CDN)
js="$VENV/lottie-web/lottie.js"
if [ -s "$js" ] && echo "$LOTTIE_WEB_SHA256  $js" | sha256sum -c --status; then
  log "lottie-web $LOTTIE_WEB_VERSION present"
else
  log "extracting lottie-web $LOTTIE_WEB_VERSION from $LOTTIE_WEB_WHEEL"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  "$VENV/bin/python" -m pip download -q --disable-pip-version-check --no-deps -d "$tmp" "$LOTTIE_WEB_WHEEL"
  mkdir -p "$VENV/lottie-web"
  "$VENV/bin/python" - "$tmp" "$js.tmp" "$LOTTIE_WEB_VERSION" <<'EOF'
import glob, re, sys, zipfile
tmp, out, version = sys.argv[1:4]
wheel = glob.glob(tmp + "/*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    html = z.read("pylottie/lottie.html").decode("utf-8")
js = re.search(r"<script>(.*?)</script>", html, re.S).group(1)   # first <script> block
if 'lottie.version="%s"' % version not in js or "loadAnimation" not in js:
    sys.exit("pylottie/lottie.html does not hold lottie-web %s" % version)
with open(out, "w", encoding="utf-8") as f:
    f.write(js)
EOF
  echo "$LOTTIE_WEB_SHA256  $js.tmp" | sha256sum -c --status \
    || { log "lottie.js checksum mismatch"; exit 1; }
  mv "$js.tmp" "$js"
fi
# --- `--bench`: python-lottie for `python3 -m Conformance raster-bench` (BENCHMARKS.md), own venv
if [ "${1:-}" = "--bench" ]; then
  BENCH="${LOTTIE_VENV:-$HOME/.cache/trans-export-bench-venv}"
  [ -x "$BENCH/bin/python" ] || "$PY" -m venv "$BENCH"
  # Pillow < 12: python-lottie 0.7.2's WebP export asks features.check("webp_anim"), which
  # Pillow 12 removed ("WebP animations not supported in this system").
  if ! "$BENCH/bin/python" -c 'import lottie, cairosvg, PIL; from PIL import features; assert features.check("webp_anim")' 2>/dev/null; then
    log "pip install lottie==0.7.2 cairosvg pillow<12 into $BENCH"
    "$BENCH/bin/python" -m pip install -q --disable-pip-version-check "lottie==0.7.2" cairosvg "pillow<12" numpy
  fi
fi
log "ok: venv $VENV"
