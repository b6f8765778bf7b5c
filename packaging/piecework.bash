# SPDX-License-Identifier: Apache-2.0
# bash completion for piecework: subcommands, their options, shipped puzzle names, levels and file names.
# The lists are read from the program's own help texts, so they always match the installed version.

# The words of a help text that name commands ("  count    count every solution ..."), one per line.
_piecework_commands() {
  sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p'
}

# The long options of a help text (Boost.Program_options: "  -o [ --out ] arg   ...", "  --json   ...").
_piecework_options() {
  grep -E '^ +-' | grep -oE -- '--[a-z][a-z-]*' | sort -u
}

_piecework() {
  local program=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} prev=""
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    COMPREPLY=($(compgen -W "$("$program" --help 2>/dev/null | _piecework_commands) --help --version" -- "$cur"))
    return 0
  fi
  local command=${COMP_WORDS[1]} help
  help=$("$program" "$command" --help 2>/dev/null) || return 0
  # A command with subcommands (catalog) lists them instead of options.
  if ! grep -qE '^ +-' <<<"$help"; then
    if ((COMP_CWORD == 2)); then
      COMPREPLY=($(compgen -W "$(_piecework_commands <<<"$help") --help" -- "$cur"))
      return 0
    fi
    help=$("$program" "$command" "${COMP_WORDS[2]}" --help 2>/dev/null) || return 0
  fi
  case $prev in
    --level) COMPREPLY=($(compgen -W "Starter Junior Expert Master Wizard" -- "$cur")); return 0 ;;
    --paper) COMPREPLY=($(compgen -W "a4 letter" -- "$cur")); return 0 ;;
    --progress) COMPREPLY=($(compgen -W "auto tty plain none" -- "$cur")); return 0 ;;
    --format) COMPREPLY=($(compgen -W "jsonl csv" -- "$cur")); return 0 ;;
    --puzzle) COMPREPLY=($(compgen -W "$("$program" puzzles 2>/dev/null | cut -d' ' -f1)" -- "$cur")); return 0 ;;
    --out | -o | --db | --challenge-file | --checkpoint) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_piecework_options <<<"$help")" -- "$cur"))
  elif grep -q '^usage: .* PUZZLE' <<<"$help"; then
    COMPREPLY=($(compgen -W "$("$program" puzzles 2>/dev/null | cut -d' ' -f1)" -- "$cur") $(compgen -f -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
  return 0
}
complete -F _piecework piecework
