# Sourced by the CLI test scripts; sets fail=1 on a mismatch.
# expect CODE REGEX command...: exit code and a regex over stdout+stderr
expect() {
  local code=$1 re=$2
  shift 2
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" != "$code" ] || ! grep -Eq -- "$re" <<<"$out"; then
    echo "FAIL: $* -> exit $rc (want $code), output:"
    echo "$out" | head -20
    echo "  (wanted /$re/)"
    fail=1
  fi
}
