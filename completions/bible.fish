# fish completion for bible. Install: bible completion fish > ~/.config/fish/completions/bible.fish

set -l commands passage chapter read books catalog strongs commentary dictionary topic crossrefs stories story config login logout status api completion library serve keys chat
complete -c bible -f
complete -c bible -n "not __fish_seen_subcommand_from $commands" -a "$commands"
complete -c bible -l json -d 'print JSON'
complete -c bible -l base-url -r -d 'service URL'
complete -c bible -l no-color -d 'no colour'
complete -c bible -l no-cache -d 'bypass the cache'
complete -c bible -l no-pager -d 'never page'
complete -c bible -l quiet -d 'quiet'
complete -c bible -l debug -d 'debug output'
complete -c bible -n "__fish_seen_subcommand_from passage chapter read commentary crossrefs" -a "(bible __complete books 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from passage chapter read crossrefs" -s t -l translation -x -a "(bible __complete translations 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from commentary" -s c -l commentary -x -a "(bible __complete commentaries 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from dictionary" -s d -l dictionary -x -a "(bible __complete dictionaries 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from dictionary" -a "search entry"
complete -c bible -n "__fish_seen_subcommand_from topic" -l source -x -a "(bible __complete topics 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from topic" -a "search browse entry"
complete -c bible -n "__fish_seen_subcommand_from strongs" -a search
complete -c bible -n "__fish_seen_subcommand_from strongs" -l lex -x -a "greek hebrew"
complete -c bible -n "__fish_seen_subcommand_from stories story" -l testament -x -a "OT NT"
complete -c bible -n "__fish_seen_subcommand_from stories story" -l kind -x -a "narrative parable"
complete -c bible -n "__fish_seen_subcommand_from stories story" -l theme -x
complete -c bible -n "__fish_seen_subcommand_from stories story" -l limit -x
complete -c bible -n "__fish_seen_subcommand_from chat" -l persona -x -a "(bible __complete personas 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from config" -a "list get set unset path"
complete -c bible -n "__fish_seen_subcommand_from library" -a "import status"
complete -c bible -n "__fish_seen_subcommand_from keys" -a "create list update revoke"
complete -c bible -n "__fish_seen_subcommand_from completion" -a "bash zsh fish"
