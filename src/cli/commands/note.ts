import type { Command } from 'commander';
import { parseReference } from '../../core/reference/reference.js';
import { quoted } from '../../core/text/quoted.js';
import type { Bookmark, Note, NoteFilter, Range } from '../../workspace/store.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { noteTextFromUser, referenceAndText } from '../note-text.js';
import { present } from '../present.js';
import { bookAlone, wholeBook } from '../references.js';
import { collect, readUserStore, withUserStore } from '../workspace.js';

interface FilterOptions {
  ref?: string;
  tag?: string;
  search?: string;
}

async function rangeOfText(text: string): Promise<Range> {
  const { rangeOf } = await import('../../workspace/store.js');
  return rangeOf(parseReference(text));
}

/** A filter's reference: also a book alone, the whole book ("bible bookmarks --ref John"). */
async function filterRange(text: string): Promise<Range> {
  const book = bookAlone(text);
  return rangeOfText(book ? wholeBook(book) : text);
}

async function filterOf(opts: FilterOptions): Promise<NoteFilter> {
  return {
    range: opts.ref === undefined ? undefined : await filterRange(opts.ref),
    tag: opts.tag,
    search: opts.search,
  };
}

/** Commander's parser for a note id (`12` or `#12`). */
function noteId(text: string): number {
  const id = Number(text.replace(/^#/, ''));
  if (!Number.isInteger(id) || id < 1)
    throw usageError(`a note id is a number from bible note list (got ${quoted(text)})`);
  return id;
}

/** The tags of a note or bookmark (--tag, repeated). */
interface TagOption {
  tag?: string[];
}

/** A note as --json shows it: no internal range, the reference as text. */
const publicNote = ({ range: _r, ...n }: Note) => n;
const publicBookmark = ({ range: _r, ...b }: Bookmark) => b;

async function now(ctx: Context): Promise<Date> {
  const { nowFrom } = await import('../../workspace/local-date.js');
  return nowFrom(ctx.env);
}

function printNote(ctx: Context, n: Note): void {
  const { c } = ctx.style;
  const tags = n.tags.length ? `  ${c.dim(n.tags.join(', '))}` : '';
  ctx.out.line(`${c.bold(`#${n.id}`)}  ${n.ref}${tags}  ${c.dim(n.updated.slice(0, 10))}`);
  for (const line of n.text.split('\n')) ctx.out.line(ctx.style.wrap(`    ${line}`, 4, 0));
}

export async function runNoteAdd(opts: TagOption & { words: string[] }, ctx: Context): Promise<void> {
  const { ref, text: given } = referenceAndText(opts.words);
  const { rangeOf } = await import('../../workspace/store.js');
  const text = given || (await noteTextFromUser(ctx));
  const when = await now(ctx);
  const note = await withUserStore(ctx, (s) => s.addNote(rangeOf(ref), text, opts.tag ?? [], when));
  await present(ctx, publicNote(note), (n) => ctx.io.stdout.write(`Added note #${n.id} on ${n.ref}\n`));
}

export async function runNoteList(opts: FilterOptions, ctx: Context): Promise<void> {
  const filter = await filterOf(opts);
  const notes = await readUserStore(ctx, (s) => s.notes(filter), []);
  await present(
    ctx,
    notes,
    () => {
      if (!notes.length) ctx.notice('no notes');
      notes.forEach((n, i) => {
        if (i) ctx.out.line();
        printNote(ctx, n);
      });
    },
    { json: notes.map(publicNote) },
  );
}

export async function runNoteEdit(opts: TagOption & { id: number; words: string[] }, ctx: Context): Promise<void> {
  const { id, words } = opts;
  const when = await now(ctx);
  const current = await readUserStore(ctx, (s) => s.note(id), undefined);
  let text: string | undefined = words.length ? words.join(' ') : undefined;
  if (current && text === undefined && opts.tag === undefined) text = await noteTextFromUser(ctx, `${current.text}\n`);
  const note = await withUserStore(ctx, (s) => s.updateNote(id, { text, tags: opts.tag }, when));
  await present(ctx, publicNote(note), (n) => ctx.io.stdout.write(`Updated note #${n.id} on ${n.ref}\n`));
}

export async function runNoteRemove(opts: { ids: number[] }, ctx: Context): Promise<void> {
  const when = await now(ctx);
  const removed = await withUserStore(ctx, (s) => s.removeNotes(opts.ids, when));
  await present(
    ctx,
    removed,
    () => {
      for (const n of removed) ctx.io.stdout.write(`Removed note #${n.id} on ${n.ref}\n`);
    },
    { json: { removed: removed.map((n) => n.id) } },
  );
}

/**
 * Words a user may type after `bookmark` as after `note` ("bookmark add John 3:16"): no book is
 * named so, so each is read as meant rather than refused.
 */
const BOOKMARK_VERBS: Record<string, 'add' | 'rm' | 'list'> = {
  add: 'add',
  rm: 'rm',
  remove: 'rm',
  list: 'list',
  ls: 'list',
};

export async function runBookmark(opts: TagOption & { ref: string[]; rm?: boolean }, ctx: Context): Promise<void> {
  const [first = '', ...rest] = opts.ref;
  const verb = BOOKMARK_VERBS[first.toLowerCase()];
  if (verb === 'list') {
    if (rest.length) throw usageError('bookmark list takes no reference: bible bookmarks --ref "John 3"');
    return runBookmarks({ tag: opts.tag?.[0] }, ctx);
  }
  if (verb) {
    if (verb === 'add' && opts.rm)
      throw usageError('bookmark add and --rm ask for opposite things: bible bookmark rm "John 3:16"');
    if (!rest.length) throw usageError(`bookmark ${first} needs a reference: bible bookmark ${first} "John 3:16"`);
    return runBookmark({ ...opts, ref: rest, rm: opts.rm || verb === 'rm' }, ctx);
  }
  const range = await rangeOfText(opts.ref.join(' '));
  if (opts.rm) {
    const removed = await withUserStore(ctx, (s) => s.removeBookmark(range));
    return present(ctx, removed, () => ctx.io.stdout.write(`Removed the bookmark on ${removed.ref}\n`), {
      json: { removed: publicBookmark(removed) },
    });
  }
  const when = await now(ctx);
  const { bookmark, created } = await withUserStore(ctx, (s) => s.addBookmark(range, opts.tag ?? [], when));
  await present(
    ctx,
    bookmark,
    () => {
      const tags = bookmark.tags.length ? ` (${bookmark.tags.join(', ')})` : '';
      ctx.io.stdout.write(`${created ? 'Bookmarked' : 'Already bookmarked'} ${bookmark.ref}${tags}\n`);
    },
    { json: { ...publicBookmark(bookmark), created } },
  );
}

export async function runBookmarks(opts: FilterOptions, ctx: Context): Promise<void> {
  const filter = await filterOf(opts);
  const marks = await readUserStore(ctx, (s) => s.bookmarks(filter), []);
  await present(
    ctx,
    marks,
    () => {
      if (!marks.length) ctx.notice('no bookmarks');
      for (const b of marks) {
        const tags = b.tags.length ? `  ${ctx.style.c.dim(b.tags.join(', '))}` : '';
        ctx.out.line(`${b.ref}${tags}`);
      }
    },
    { json: marks.map(publicBookmark) },
  );
}

export function registerNote(program: Command, f: Factory): void {
  const tagOption = ['--tag <tag>', 'a tag (repeat for more)', collect] as const;
  const note = program.command('note').description('notes on verses: add, list, edit, rm');
  note
    .command('add')
    .description('add a note: bible note add "John 3:16" "text" (else stdin, else $EDITOR)')
    .argument('<ref-and-text...>', 'a reference, then the text')
    .option(...tagOption)
    .action(async (words: string[], opts: TagOption) => runNoteAdd({ ...opts, words }, await f.context()));
  note
    .command('list')
    .description('list notes, in canonical order')
    .option('--ref <ref>', 'notes on this reference (any overlap)')
    .option('--tag <tag>', 'notes with this tag')
    .option('--search <text>', 'notes whose text holds this (any case)')
    .action(async (opts: FilterOptions) => runNoteList(opts, await f.context()));
  note
    .command('edit')
    .description('change a note: new text as words, else stdin, else $EDITOR; --tag replaces its tags')
    .argument('<id>', 'the note number from bible note list', noteId)
    .argument('[text...]', 'the new text')
    .option(...tagOption)
    .action(async (id: number, words: string[], opts: TagOption) =>
      runNoteEdit({ ...opts, id, words }, await f.context()),
    );
  note
    .command('rm')
    .description('remove notes')
    .argument('<id...>', 'note numbers from bible note list', (text: string, ids: number[] = []) => [
      ...ids,
      noteId(text),
    ])
    .action(async (ids: number[]) => runNoteRemove({ ids }, await f.context()));
  program
    .command('bookmark')
    .description('bookmark a reference: bible bookmark "John 3:16" --tag love (--rm removes it)')
    .argument('<ref...>', 'the reference')
    .option(...tagOption)
    .option('--rm', 'remove the bookmark')
    .action(async (ref: string[], opts: TagOption & { rm?: boolean }) =>
      runBookmark({ ...opts, ref }, await f.context()),
    );
  program
    .command('bookmarks')
    .description('list bookmarks, in canonical order')
    .option('--ref <ref>', 'bookmarks on this reference (any overlap)')
    .option('--tag <tag>', 'bookmarks with this tag')
    .action(async (opts: FilterOptions) => runBookmarks(opts, await f.context()));
}
