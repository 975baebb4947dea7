# bash completion for bible. Install: bible completion bash > ~/.local/share/bash-completion/completions/bible
# Commands and options are listed here; books, translation and resource ids and personas come
# from `bible __complete <what>` (the canon, and the catalog of the service in use).

# Offers words given one per line (book names hold spaces) or separated by spaces.
_bible_words() {
  local IFS=$'\n'
  COMPREPLY=($(compgen -W "${1// /$'\n'}" -- "$2"))
}

_bible_lines() {
  local IFS=$'\n'
  COMPREPLY=($(compgen -W "$1" -- "$2"))
}

_bible() {
  local cur prev cmd sub i
  COMPREPLY=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev="${COMP_WORDS[COMP_CWORD-1]}"
  local commands="passage chapter read books catalog search concordance strongs commentary dictionary topic crossrefs find stories story config login logout status api completion library serve mcp keys plan note bookmark bookmarks export import help"
  local globals="--json --base-url --no-color --no-cache --no-pager --quiet --debug --help --version"

  cmd=""
  sub=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${COMP_WORDS[i]}" in
      -*) ;;
      *)
        if [[ -z "$cmd" ]]; then cmd="${COMP_WORDS[i]}"; elif [[ -z "$sub" ]]; then sub="${COMP_WORDS[i]}"; fi
        ;;
    esac
  done

  case "$prev" in
    -t | --translation)
      _bible_words "$(bible __complete translations 2>/dev/null)" "$cur"
      return
      ;;
    -c | --commentary)
      _bible_words "$(bible __complete commentaries 2>/dev/null)" "$cur"
      return
      ;;
    -d | --dictionary)
      _bible_words "$(bible __complete dictionaries 2>/dev/null)" "$cur"
      return
      ;;
    --source)
      _bible_words "$(bible __complete topics 2>/dev/null)" "$cur"
      return
      ;;
    --persona)
      _bible_words "$(bible __complete personas 2>/dev/null)" "$cur"
      return
      ;;
    --lex)
      _bible_words "greek hebrew" "$cur"
      return
      ;;
    --testament)
      _bible_words "OT NT" "$cur"
      return
      ;;
    --kind)
      _bible_words "narrative parable" "$cur"
      return
      ;;
    --format)
      _bible_words "md json csv" "$cur"
      return
      ;;
    --plan)
      _bible_words "$(bible __complete plans 2>/dev/null)" "$cur"
      return
      ;;
  esac

  if [[ -z "$cmd" ]]; then
    if [[ "$cur" == -* ]]; then _bible_words "$globals" "$cur"; else _bible_words "$commands" "$cur"; fi
    return
  fi

  if [[ "$cur" == -* ]]; then
    case "$cmd" in
      passage | chapter | read) _bible_words "--translation -t --strongs --headings --notes --no-red-letter --notes-inline $globals" "$cur" ;;
      plan) _bible_words "--from --plan --read --translation -t $globals" "$cur" ;;
      note) _bible_words "--tag --ref --search $globals" "$cur" ;;
      bookmark | bookmarks) _bible_words "--tag --rm --ref $globals" "$cur" ;;
      export | import) _bible_words "--format --translation -t $globals" "$cur" ;;
      commentary) _bible_words "--commentary -c $globals" "$cur" ;;
      dictionary) _bible_words "--dictionary -d $globals" "$cur" ;;
      topic) _bible_words "--source $globals" "$cur" ;;
      crossrefs) _bible_words "--text --translation -t $globals" "$cur" ;;
      find) _bible_words "--translation -t --limit $globals" "$cur" ;;
      stories | story) _bible_words "--theme --q --testament --kind --limit $globals" "$cur" ;;
      strongs) _bible_words "--lex --verses --translation -t --limit --offset $globals" "$cur" ;;
      search) _bible_words "--translation -t --in --stem --rank --limit --offset --count $globals" "$cur" ;;
      concordance) _bible_words "--translation -t --limit --offset $globals" "$cur" ;;
      chat) _bible_words "--persona --max-tokens --continue $globals" "$cur" ;;
      serve) _bible_words "--host --port --db $globals" "$cur" ;;
      keys) _bible_words "--db --name --scopes --daily --chat-daily --chat-monthly --max-tokens $globals" "$cur" ;;
      api) _bible_words "--query -q $globals" "$cur" ;;
      *) _bible_words "$globals" "$cur" ;;
    esac
    return
  fi

  case "$cmd" in
    passage | chapter | read | commentary | crossrefs)
      _bible_lines "$(bible __complete books 2>/dev/null)" "$cur"
      ;;
    strongs) [[ -z "$sub" ]] && _bible_words "search" "$cur" ;;
    dictionary) [[ -z "$sub" ]] && _bible_words "search entry" "$cur" ;;
    topic) [[ -z "$sub" ]] && _bible_words "search browse entry" "$cur" ;;
    config) [[ -z "$sub" ]] && _bible_words "list get set unset path" "$cur" || _bible_words "apiKey baseUrl translation commentary dictionary topics persona color pager redLetter" "$cur" ;;
    library) [[ -z "$sub" ]] && _bible_words "import status" "$cur" ;;
    keys) [[ -z "$sub" ]] && _bible_words "create list update revoke" "$cur" ;;
    plan)
      if [[ -z "$sub" ]]; then
        _bible_words "list start today done status catch-up stop" "$cur"
      elif [[ "$sub" == start ]]; then
        _bible_words "$(bible __complete plans 2>/dev/null)" "$cur"
        local f
        for f in $(compgen -f -- "$cur"); do
          [[ -d "$f" || "$f" == *.json || "$f" == *.csv ]] && COMPREPLY+=("$f")
        done
      fi
      ;;
    note)
      if [[ -z "$sub" ]]; then
        _bible_words "add list edit rm" "$cur"
      elif [[ "$sub" == add ]]; then
        _bible_lines "$(bible __complete books 2>/dev/null)" "$cur"
      fi
      ;;
    bookmark) _bible_lines "$(bible __complete books 2>/dev/null)" "$cur" ;;
    export | import) COMPREPLY=($(compgen -f -- "$cur")) ;;
    completion) _bible_words "bash zsh fish" "$cur" ;;
    help) _bible_words "$commands" "$cur" ;;
  esac
}

complete -F _bible bible
