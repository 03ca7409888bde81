#!/usr/bin/env bash
# The Linux release build, made on Debian 11 "bullseye" (glibc 2.31) so that it starts on
# Ubuntu 20.04, Debian 11 and every newer desktop; a bundle made on a newer system needs
# that system's glibc (docs/releasing.md, "Older Linux").
#
#   sudo tools/build_oldlinux.sh [ROOTFS] [DIST]
#
# ROOTFS (default .oldlinux/bullseye, ignored by git) is made once with debootstrap from
# Debian's archive (DEBIAN_MIRROR, if set, else debootstrap's default). Bullseye has no
# Python 3.11, so CPython is built inside it, once, from the upstream source that Debian
# 12's python3.11 source package carries (shared libpython, as PyInstaller needs). The
# game's tracked files are copied in, installed with constraints.txt, built with
# tools/build.py, and the archive lands in DIST (default dist/). Last, the bundle is
# checked to need no glibc newer than 2.31 (tools/glibc_needs.py) and to start inside
# Debian 11 with an empty environment (--smoke). About 15 minutes the first time on 2
# cores (CPython's build), 2 after. Needs root (debootstrap, chroot, mounts).
set -euo pipefail
HERE="$(cd "$(dirname "$0")/.." && pwd)"
ROOTFS="$(realpath -m "${1:-$HERE/.oldlinux/bullseye}")"
DIST="$(realpath -m "${2:-$HERE/dist}")"
SUITE=bullseye
PYTHON_SOURCE=python3.11   # Debian 12's source package: its .orig tarball is CPython's
PREFIX=/opt/python3.11
MAX_GLIBC=2.31

if [ ! -f "$ROOTFS/etc/debian_version" ]; then
    mkdir -p "$ROOTFS"
    debootstrap --variant=minbase \
        --include=gcc,make,libc6-dev,libffi-dev,zlib1g-dev,uuid-dev,libssl-dev,xz-utils,ca-certificates,binutils,pkg-config \
        "$SUITE" "$ROOTFS" ${DEBIAN_MIRROR:+"$DEBIAN_MIRROR"}
fi

mounted=()
cleanup() { for m in "${mounted[@]}"; do umount -l "$m" || true; done; }
trap cleanup EXIT
for fs in proc dev sys; do
    if ! mountpoint -q "$ROOTFS/$fs"; then
        mount --rbind "/$fs" "$ROOTFS/$fs" && mounted+=("$ROOTFS/$fs")
    fi
done
cp -L /etc/resolv.conf "$ROOTFS/etc/resolv.conf"
# This machine's certificate authorities, for pip inside (a network that inspects TLS
# adds its own to them).
cp -L "${PIP_CERT:-/etc/ssl/certs/ca-certificates.crt}" "$ROOTFS/etc/ssl/host-ca-certificates.crt"
COMMIT="$(git -C "$HERE" rev-parse HEAD)"
in_root() {
    chroot "$ROOTFS" /usr/bin/env -i HOME=/root LANG=C.UTF-8 PATH="$PREFIX/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
        PIP_CERT=/etc/ssl/host-ca-certificates.crt PIP_DISABLE_PIP_VERSION_CHECK=1 SOURCE_COMMIT="$COMMIT" \
        bash -euo pipefail -c "$1"
}

if [ ! -x "$ROOTFS$PREFIX/bin/python3.11" ]; then
    # bookworm's sources, on the mirror bullseye's own lines name.
    sed -n 's/^deb \(\S*\) bullseye main.*/deb-src \1 bookworm main/p' "$ROOTFS/etc/apt/sources.list" \
        > "$ROOTFS/etc/apt/sources.list.d/bookworm-src.list"
    in_root "apt-get update -qq && mkdir -p /usr/src/python && cd /usr/src/python \
        && apt-get source --download-only -qq $PYTHON_SOURCE \
        && rm -rf cpython && mkdir cpython && tar -xf ${PYTHON_SOURCE}_*.orig.tar.* -C cpython --strip-components=1 \
        && cd cpython && ./configure -q --prefix=$PREFIX --enable-shared LDFLAGS=-Wl,-rpath,$PREFIX/lib \
        && make -s -j\$(nproc) && make -s install >/dev/null"
fi

rm -rf "$ROOTFS/build/src" "$ROOTFS/build/dist"
mkdir -p "$ROOTFS/build/src"
git -C "$HERE" ls-files -z | (cd "$HERE" && tar --null --ignore-failed-read -cf - -T - 2>/dev/null) | tar -xf - -C "$ROOTFS/build/src"
# pip first: the one CPython 3.11.2 brings installs a wheel-less sdist (pytweening) the
# legacy way, with no dist-info, hence no licence text for tools/licences.py to find.
in_root "cd /build/src && rm -rf /build/venv && python3.11 -m venv /build/venv && . /build/venv/bin/activate \
    && pip install -q -c constraints.txt pip \
    && pip install -q -c constraints.txt -e . pyinstaller pyinstaller-hooks-contrib setuptools \
    && python tools/build.py --dist /build/dist"
mkdir -p "$DIST"
cp "$ROOTFS"/build/dist/*.tar.gz "$DIST/"
rm -rf "$DIST/secret-salon" && cp -a "$ROOTFS/build/dist/secret-salon" "$DIST/secret-salon"
python3 "$HERE/tools/glibc_needs.py" "$DIST/secret-salon" --max "$MAX_GLIBC"
# And it starts there, on glibc 2.31, with an empty environment.
in_root "mkdir -p /tmp/smoke && env -i HOME=/tmp/smoke /build/dist/secret-salon/secret-salon --smoke"
ls -l "$DIST"/*.tar.gz
