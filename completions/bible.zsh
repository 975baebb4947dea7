#compdef bible
# zsh completion for bible. Install: bible completion zsh > "${fpath[1]}/_bible"

_bible() {
  local -a commands
  commands=(
    'passage:look up passages' 'chapter:read a whole chapter' 'read:read a whole chapter'
    'books:the 66 books' 'catalog:what the service lets you read' 'search:search the verses'
    "concordance:the verses of a Strong's number" "strongs:Strong's lexicon"
    'commentary:commentary on a chapter or verse' 'dictionary:look a word up' 'topic:topics'
    'crossrefs:cross-references of a verse' 'find:the verses a question means' 'stories:Bible stories' 'story:one story'
    'config:settings' 'login:save an API key' 'logout:remove the API key' 'status:backend and paths'
    'api:raw GET of an endpoint' 'completion:shell completion' 'library:build and inspect the library'
    'serve:serve the data interface' 'mcp:tools for AI assistants (MCP)' 'keys:manage API keys' 'chat:talk about the Bible'
    'plan:reading plans' 'note:notes on verses' 'bookmark:bookmark a reference' 'bookmarks:list bookmarks'
    'export:export notes and bookmarks' 'import:import notes and bookmarks'
  )
  local -a globals
  globals=('--json[print JSON]' '--base-url[service URL]:url:' '--no-color[no colour]' '--no-cache[bypass the cache]'
    '--no-pager[never page]' '--quiet[quiet]' '--debug[debug output]')

  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  case "$words[2]" in
    passage|chapter|read|commentary|crossrefs)
      _arguments $globals '--notes-inline[show your notes under their verses]' \
        "--strongs[each word's Strong's number(s) beside it]" '--headings[the headings before verses]' \
        "--notes[the translators' notes after the passage]" '--no-red-letter[the words of Christ not in red]' \
        '(-t --translation)'{-t,--translation}'[translation]:id:(${(f)"$(bible __complete translations 2>/dev/null)"})' \
        '(-c --commentary)'{-c,--commentary}'[commentary]:id:(${(f)"$(bible __complete commentaries 2>/dev/null)"})' \
        '*:book:(${(f)"$(bible __complete books 2>/dev/null)"})'
      ;;
    dictionary) _arguments $globals '(-d --dictionary)'{-d,--dictionary}'[dictionary]:id:(${(f)"$(bible __complete dictionaries 2>/dev/null)"})' '1:sub:(search entry)' ;;
    topic) _arguments $globals '--source[topical work]:id:(${(f)"$(bible __complete topics 2>/dev/null)"})' '1:sub:(search browse entry)' ;;
    strongs) _arguments $globals '--lex[lexicon]:lex:(greek hebrew)' '--verses[the verses of the number]' '--limit[count or all]:n:' '--offset[skip]:n:' \
        '(-t --translation)'{-t,--translation}'[translation]:id:(${(f)"$(bible __complete translations 2>/dev/null)"})' '1:sub:(search)' ;;
    search) _arguments $globals '--in[scope]:scope:' '--stem[also inflections]' '--rank[most relevant first]' '--count[counts only]' \
        '--limit[count or all]:n:' '--offset[skip]:n:' \
        '(-t --translation)'{-t,--translation}'[translation]:id:(${(f)"$(bible __complete translations 2>/dev/null)"})' ;;
    concordance) _arguments $globals '--limit[count or all]:n:' '--offset[skip]:n:' \
        '(-t --translation)'{-t,--translation}'[translation]:id:(${(f)"$(bible __complete translations 2>/dev/null)"})' ;;
    find) _arguments $globals '(-t --translation)'{-t,--translation}'[translation]:id:(${(f)"$(bible __complete translations 2>/dev/null)"})' '--limit[count]:n:' ;;
    stories|story) _arguments $globals '--theme[theme]:tag:' '--q[text]:text:' '--testament[testament]:t:(OT NT)' '--kind[kind]:k:(narrative parable)' '--limit[count]:n:' ;;
    chat) _arguments $globals '--persona[persona]:p:(${(f)"$(bible __complete personas 2>/dev/null)"})' '--max-tokens[tokens]:n:' '--continue[resume the last]' ;;
    config) _arguments '1:sub:(list get set unset path)' '2:key:(apiKey baseUrl translation commentary dictionary topics persona color pager redLetter)' ;;
    library) _arguments '1:sub:(import status)' ;;
    keys) _arguments '1:sub:(create list update revoke)' ;;
    completion) _arguments '1:shell:(bash zsh fish)' ;;
    plan) _arguments $globals '--plan[started plan]:id:(${(f)"$(bible __complete plans 2>/dev/null)"})' '--from[first day]:date:' '--read[print the text]' \
        '(-t --translation)'{-t,--translation}'[translation]:id:(${(f)"$(bible __complete translations 2>/dev/null)"})' \
        '1:sub:(list start today done status catch-up stop)' '2:plan:(${(f)"$(bible __complete plans 2>/dev/null)"})' ;;
    note) _arguments $globals '*--tag[tag]:tag:' '--ref[reference]:ref:' '--search[text]:text:' '1:sub:(add list edit rm)' '*:book:(${(f)"$(bible __complete books 2>/dev/null)"})' ;;
    bookmark|bookmarks) _arguments $globals '*--tag[tag]:tag:' '--rm[remove the bookmark]' '--ref[reference]:ref:' '*:book:(${(f)"$(bible __complete books 2>/dev/null)"})' ;;
    export|import) _arguments $globals '--format[format]:format:(md json csv)' '(-t --translation)'{-t,--translation}'[translation]:id:(${(f)"$(bible __complete translations 2>/dev/null)"})' '1:file:_files' ;;
    *) _arguments $globals ;;
  esac
}

_bible "$@"
