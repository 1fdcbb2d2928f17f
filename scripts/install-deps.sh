#!/usr/bin/env bash
# Installs everything pz needs to build and test on a fresh Debian machine.
set -euo pipefail
pkgs=(cmake make gcc g++ clang libclang-rt-dev binutils pkg-config python3 libcadical-dev picosat)
# The hosts.* tests (GNU parallel across two network namespaces, each with
# its own sshd; docs/PARALLEL.md) need these; on a machine run by systemd,
# installing openssh-server also starts the system's ssh service
# ('systemctl disable --now ssh' stops it: the tests start their own).
pkgs+=(parallel openssh-server openssh-client iproute2)
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y "${missing[@]}"
fi
