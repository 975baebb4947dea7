import { type Command, Option } from 'commander';
import type { BibleClient } from '../../client/client.js';
import { STORIES_LIMIT_DEFAULT, STORIES_LIMIT_MAX } from '../../core/limits.js';
import type { Story, StoryList } from '../../core/schemas/stories.js';
import type { Context } from '../context.js';
import { orDeadEnd } from '../elsewhere.js';
import { CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { serviceNamed } from '../extension.js';
import type { Factory } from '../factory.js';
import { boundedSearchText, choiceOption, oneOf } from '../flags.js';
import { fetchPages, parseLimit, parseOffset } from '../paging.js';
import { present } from '../present.js';
import { passagesOf, type TextOptions } from '../references.js';
import { printTable } from '../render/table.js';
import { heading, printPassages } from '../render/verses.js';

const TESTAMENTS = ['OT', 'NT'] as const;
const KINDS = ['narrative', 'parable'] as const;

/** `bible stories`: the filters of the list, or with `slug` one story. */
export interface StoriesOptions extends TextOptions {
  slug?: string;
  theme?: string;
  q?: string;
  search?: string;
  testament?: string;
  kind?: string;
  limit?: number | 'all';
  offset?: number;
}

function printStory(ctx: Context, s: Story): void {
  const { c, wrap } = ctx.style;
  heading(ctx, s.title);
  ctx.out.line(c.dim(`${s.kind}, ${s.testament}, ${s.era} · ${s.passages.map((p) => p.ref).join('; ')}`));
  ctx.out.line();
  ctx.out.line(wrap(s.summary));
  ctx.out.line();
  for (const hook of s.hooks) ctx.out.line(wrap(`• ${hook}`, 2));
  ctx.out.line();
  ctx.out.line(wrap(`${c.bold('Characters:')} ${s.characters.join(', ')}`));
  ctx.out.line(wrap(`${c.bold('Themes:')} ${s.themes.join(', ')}`));
  ctx.out.attribution(s.attribution);
}

/**
 * The stories asked for: one page as the contract gives it, or with `--offset` or `--limit` past a
 * page (`all`, 300) the pages of the `offset` extension. A service without it ignores `offset`
 * and answers the first page again, and says nothing of it: its answer echoes no `offset`.
 */
async function storyPages(opts: StoriesOptions, ctx: Context): Promise<StoryList> {
  const client = await ctx.client();
  const filters = {
    // Theme tags are lower case in the contract; "Forgiveness" means the same tag.
    theme: opts.theme?.toLowerCase(),
    q: boundedSearchText(opts.search ?? opts.q),
    testament: opts.testament,
    kind: opts.kind,
  };
  const wanted = opts.limit === 'all' ? undefined : (opts.limit ?? STORIES_LIMIT_DEFAULT);
  if (opts.offset === undefined && wanted !== undefined && wanted <= STORIES_LIMIT_MAX)
    return client.stories({ ...filters, limit: opts.limit === undefined ? undefined : wanted });
  const page = await fetchPages(
    async (limit, offset) => {
      const list = await client.stories({ ...filters, limit: Math.min(limit, STORIES_LIMIT_MAX), offset });
      if (list.offset !== offset) {
        throw new CliError(
          `${serviceNamed(ctx)} does not offer story paging (offset); --limit 1 to 100 works`,
          EXIT.FAILURE,
        );
      }
      return { ...list, results: list.stories };
    },
    (list) => list.total,
    wanted,
    opts.offset ?? 0,
  );
  const { results, ...list } = page;
  return { ...list, stories: results };
}

export async function runStories(opts: StoriesOptions, ctx: Context): Promise<void> {
  const data = await storyPages(opts, ctx);
  await present(ctx, data, async () => {
    const from = data.offset ?? 0;
    if (!data.stories.length)
      ctx.out.line(
        from && data.total ? `No stories past ${data.total}: --offset ${from} skips them all.` : 'No stories match.',
      );
    else {
      const rows = data.stories.map((s) => [s.slug, s.title, s.kind, s.passages[0]?.ref ?? '']);
      await printTable(ctx, ['Slug', 'Title', 'Kind', 'Passage'], rows);
      const shownTo = from + data.stories.length;
      if (data.total > shownTo)
        ctx.out.line(
          ctx.style.c.dim(
            `${from + 1}-${shownTo} of ${data.total}; --offset ${shownTo} shows the next, --limit all every one`,
          ),
        );
    }
  });
}

export async function runStory(opts: TextOptions & { slug: string }, ctx: Context): Promise<void> {
  const { slug } = opts;
  const client = await ctx.client();
  // "prodigal" is not a slug: the one story whose slug it names (the-prodigal-son) is what was
  // meant; else the stories that mention it are listed in the dead end.
  const data = await orDeadEnd(
    client,
    client.story(slug).catch(async (err) => (await storyNamedBy(client, slug)) ?? Promise.reject(err)),
    slug.replace(/-/g, ' '),
  );
  const texts = opts.text
    ? await passagesOf(
        client,
        await ctx.resourceId('bible', opts.translation),
        data.passages.map((p) => p.ref),
      )
    : undefined;
  await present(
    ctx,
    data,
    () => {
      printStory(ctx, data);
      if (texts) printPassages(ctx, texts.passages);
    },
    // The story's own line is under the story, before the passages (printStory).
    { json: texts ? { ...data, texts } : data, attribution: [texts?.attribution] },
  );
}

/** The one story whose slug holds every word of `typed` ("prodigal", "good-samaritan"), if only one does. */
async function storyNamedBy(client: BibleClient, typed: string): Promise<Story | undefined> {
  const words = typed
    .toLowerCase()
    .split(/[-\s]+/)
    .filter(Boolean);
  if (!words.length) return undefined;
  const hits = await client.stories({ q: words.join(' '), limit: 100 }).catch(() => undefined);
  const named = (hits?.stories ?? []).filter((s) => words.every((w) => s.slug.split('-').includes(w)));
  return named.length === 1 ? (named[0] as Story) : undefined;
}

export function registerStories(program: Command, f: Factory): void {
  program
    .command('stories')
    .alias('story')
    .description('Bible stories in reading order; bible stories <slug> shows one')
    .argument('[slug]')
    .option('--theme <tag>', 'a theme tag, like faith or forgiveness')
    .option('--search <text>', 'free text over title, characters, hooks and summary')
    .addOption(new Option('--q <text>', 'the same as --search').hideHelp())
    .option('--text', 'with a slug: print the story’s passages')
    .option('-t, --translation <id>', 'translation for --text')
    // The service reads these in any case and answers a wrong one as the contract says.
    .addOption(choiceOption('--testament <OT|NT>', oneOf(TESTAMENTS), TESTAMENTS, { passOn: true }))
    .addOption(choiceOption('--kind <kind>', oneOf(KINDS), KINDS, { passOn: true }))
    .option('--limit <n>', `how many, or all (default ${STORIES_LIMIT_DEFAULT})`, parseLimit)
    .option('--offset <n>', 'stories to skip, in reading order', parseOffset)
    .action(async (slug: string | undefined, opts: StoriesOptions) => {
      const ctx = await f.context();
      return slug ? runStory({ ...opts, slug }, ctx) : runStories(opts, ctx);
    });
}
