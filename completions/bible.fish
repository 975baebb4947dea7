# fish completion for bible. Install: bible completion fish > ~/.config/fish/completions/bible.fish

set -l commands passage chapter read books catalog search concordance strongs commentary dictionary topic crossrefs find stories story config login logout status api completion library serve mcp keys chat plan note bookmark bookmarks export import
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
complete -c bible -n "__fish_seen_subcommand_from passage chapter read crossrefs find" -s t -l translation -x -a "(bible __complete translations 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from commentary" -s c -l commentary -x -a "(bible __complete commentaries 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from dictionary" -s d -l dictionary -x -a "(bible __complete dictionaries 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from dictionary" -a "search entry"
complete -c bible -n "__fish_seen_subcommand_from topic" -l source -x -a "(bible __complete topics 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from topic" -a "search browse entry"
complete -c bible -n "__fish_seen_subcommand_from strongs" -a search
complete -c bible -n "__fish_seen_subcommand_from strongs" -l lex -x -a "greek hebrew"
complete -c bible -n "__fish_seen_subcommand_from strongs" -l verses -d "the verses of the number"
complete -c bible -n "__fish_seen_subcommand_from search concordance strongs" -s t -l translation -x -a "(bible __complete translations 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from search concordance strongs" -l limit -x -d 'verses to show, or all'
complete -c bible -n "__fish_seen_subcommand_from search concordance strongs" -l offset -x -d 'verses to skip'
complete -c bible -n "__fish_seen_subcommand_from search" -l in -x -d 'ot, nt, a book or a range of books'
complete -c bible -n "__fish_seen_subcommand_from search" -l stem -d 'also match inflections'
complete -c bible -n "__fish_seen_subcommand_from search" -l rank -d 'most relevant first'
complete -c bible -n "__fish_seen_subcommand_from search" -l count -d 'only the counts per book'
complete -c bible -n "__fish_seen_subcommand_from stories story" -l testament -x -a "OT NT"
complete -c bible -n "__fish_seen_subcommand_from stories story" -l kind -x -a "narrative parable"
complete -c bible -n "__fish_seen_subcommand_from stories story" -l theme -x
complete -c bible -n "__fish_seen_subcommand_from stories story find" -l limit -x
complete -c bible -n "__fish_seen_subcommand_from chat" -l persona -x -a "(bible __complete personas 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from config" -a "list get set unset path"
complete -c bible -n "__fish_seen_subcommand_from config; and __fish_seen_subcommand_from get set unset" -a "apiKey baseUrl translation commentary dictionary topics persona color pager redLetter"
complete -c bible -n "__fish_seen_subcommand_from library" -a "import status"
complete -c bible -n "__fish_seen_subcommand_from serve keys" -l db -x -d "PostgreSQL URL of the shared service state"
complete -c bible -n "__fish_seen_subcommand_from keys" -a "create list update revoke"
complete -c bible -n "__fish_seen_subcommand_from completion" -a "bash zsh fish"
complete -c bible -n "__fish_seen_subcommand_from passage chapter read" -l notes-inline -d 'show your notes under their verses'
complete -c bible -n "__fish_seen_subcommand_from passage chapter read" -l strongs -d "each word's Strong's number(s) beside it"
complete -c bible -n "__fish_seen_subcommand_from passage chapter read" -l headings -d 'the headings before verses'
complete -c bible -n "__fish_seen_subcommand_from passage chapter read" -l notes -d "the translators' notes after the passage"
complete -c bible -n "__fish_seen_subcommand_from passage chapter read" -l no-red-letter -d 'the words of Christ not in red'
complete -c bible -n "__fish_seen_subcommand_from plan" -a "list start today done status catch-up stop"
complete -c bible -n "__fish_seen_subcommand_from start; and __fish_seen_subcommand_from plan" -a "(bible __complete plans 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from plan" -l plan -x -a "(bible __complete plans 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from plan" -l from -x -d 'first day, YYYY-MM-DD'
complete -c bible -n "__fish_seen_subcommand_from plan" -l read -d 'print the text'
complete -c bible -n "__fish_seen_subcommand_from note" -a "add list edit rm"
complete -c bible -n "__fish_seen_subcommand_from note bookmark bookmarks" -l tag -x
complete -c bible -n "__fish_seen_subcommand_from note bookmarks" -l ref -x
complete -c bible -n "__fish_seen_subcommand_from note" -l search -x
complete -c bible -n "__fish_seen_subcommand_from bookmark" -l rm -d 'remove the bookmark'
complete -c bible -n "__fish_seen_subcommand_from note bookmark" -a "(bible __complete books 2>/dev/null)"
complete -c bible -n "__fish_seen_subcommand_from export import" -l format -x -a "md json csv"
complete -c bible -n "__fish_seen_subcommand_from export import" -F
complete -c bible -n "__fish_seen_subcommand_from plan export" -s t -l translation -x -a "(bible __complete translations 2>/dev/null)"
