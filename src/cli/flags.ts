import { Argument, Option } from 'commander';
import { searchTextIssue } from '../core/search/text-bounds.js';
import { usageError } from './errors.js';

/**
 * Commander's parser for a whole number from `min` to `max` (`pattern` bounds the digits): a
 * value outside them is the command's one-line usage error (`message`), raised while commander
 * reads the flags, before anything runs.
 */
export function wholeNumber(
  message: (text: string) => string,
  { min = 0, max = Number.POSITIVE_INFINITY, pattern = /^\d+$/ } = {},
): (text: string) => number {
  return (text) => {
    const n = Number(text);
    if (!pattern.test(text) || n < min || n > max) throw usageError(message(text));
    return n;
  };
}

/** What a value outside the list gets: our usage error, or passage to the code after. */
type Unknown = { message: (text: string) => string } | { passOn: true };

/**
 * An option taking one of `values`, which `--help` lists and the completion scripts offer (a
 * test holds them to it). A value not among them is the usage error `message`; with `passOn`
 * every value goes on as typed, for the code after (the service, the export) to read in any
 * case and answer as it documents.
 */
export function choiceOption(flags: string, description: string, values: readonly string[], unknown: Unknown): Option {
  return new Option(flags, description).choices(values).argParser(choiceParser(values, unknown));
}

/** `choiceOption` for an argument (`bible completion <shell>`). */
export function choiceArgument(
  name: string,
  description: string,
  values: readonly string[],
  unknown: { message: (text: string) => string },
): Argument {
  return new Argument(name, description).choices(values).argParser(choiceParser(values, unknown));
}

/** Replaces commander's own check of the choices, whose error is not in our words ("Allowed choices are …"). */
function choiceParser(values: readonly string[], unknown: Unknown) {
  return (text: string): string => {
    if ('passOn' in unknown || values.includes(text)) return text;
    throw usageError(unknown.message(text));
  };
}

/** "a, b or c": a vocabulary as a sentence names it. */
export function oneOf(values: readonly string[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}` : (values[0] ?? '');
}

/** Free search text within the service's bounds (searchTextIssue), else the one-line usage error before any request. */
export function boundedSearchText<T extends string | undefined>(text: T): T {
  const issue = text === undefined ? undefined : searchTextIssue(text);
  if (issue) throw usageError(`the search text ${issue}`);
  return text;
}
