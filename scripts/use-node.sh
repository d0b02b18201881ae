# Source this file: `source scripts/use-node.sh`. Not needed for npm scripts, which get the right Node themselves
# (scripts/launch.mjs); this is for a shell where you want to run `node`, `npx` or a tool by hand.
# Puts Node >= package.json's engines.node first on PATH. When the machine's Node is older, the Node pinned in
# scripts/node-version is fetched from the npm registry (package node-<platform>-<arch>) into .tools/, once,
# leaving the system Node untouched. Needs some Node (18 or later) and npm on PATH.
_un_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
if ! command -v node >/dev/null 2>&1; then
  echo "use-node: no node on PATH; install Node 22.12 or later (https://nodejs.org/)" >&2
  return 1 2>/dev/null || exit 1
fi
if _un_node="$(node "$_un_root/scripts/launch.mjs" --which)"; then
  case "$_un_node" in
    "$_un_root/.tools/"*)
      export PATH="$(dirname "$_un_node"):$PATH"
      # The machine-wide npm config may point nodedir at the old Node's headers, which breaks native addon builds.
      export npm_config_nodedir="$(dirname "$(dirname "$_un_node")")"
      hash -r 2>/dev/null || true
      ;;
  esac
  unset _un_root _un_node
else
  unset _un_root _un_node
  return 1 2>/dev/null || exit 1
fi
